# --- tamp-netbench (included by tests/mpi/CMakeLists.txt) ---------------------------------------------------------
# A run passes on exit status 0 and every received message checked; PASS_REGULAR_EXPRESSION checks the phases
# (their hops per byte under `default`), FAIL_REGULAR_EXPRESSION keeps failures visible.
set(_nb_fail "does NOT validate|not verified|error:")

# The sample runs of main.cpp, exactly as written there.
tamp_add_sample_tests(APP netbench FAIL "${_nb_fail}")

# Equidistant pairs on a ring of 8: partners 1, 2, 3 and 4 hops apart (3 is an 8-cycle matched alternately).
tamp_add_mpi_test(NAME netbench-equidistant-ring8 RANKS 8
                  COMMAND tamp-netbench --benchmark equidistant --sizes 64 --messages 2
                          --topology synthetic:torus:1x1x8,cores=1)
# On a line of 4 (mesh), blocks of 2n: distances 1 and 2; two cores per node pair core with core.
tamp_add_mpi_test(NAME netbench-equidistant-mesh RANKS 8
                  COMMAND tamp-netbench --benchmark equidistant --sizes 64 --messages 2 --dim 0
                          --topology synthetic:mesh:4x1x1,cores=2)
# WOCON on a ring of 6 from master 2: destinations at 1, 2 and 3 hops.
tamp_add_mpi_test(NAME netbench-wocon-ring6 RANKS 6
                  COMMAND tamp-netbench --benchmark wocon --master 2 --sizes 4,1K --messages 3
                          --topology synthetic:torus:6x1x1,cores=1)
# WICON: NN along X (the odd Y is skipped by nothing: X comes first), RND on an odd count leaves one rank idle.
tamp_add_mpi_test(NAME netbench-wicon-compare RANKS 6
                  COMMAND tamp-netbench --benchmark wicon --sizes 8,4K --messages 2
                          --topology synthetic:torus:2x3x1,cores=1 --compare default,random)
# nn puts both cores of a node on its X link; nn-spread pairs core 1 along Y instead: one pair per link.
tamp_add_mpi_test(NAME netbench-wicon-spread RANKS 8
                  COMMAND tamp-netbench --benchmark wicon --pairing nn,nn-spread --sizes 8 --messages 1
                          --topology synthetic:torus:2x2x1,cores=2)
set_tests_properties(netbench-wicon-spread PROPERTIES PASS_REGULAR_EXPRESSION "busiest link +2 +1\n"
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")
# near on a fat tree (no torus lines for nn): 2 leaves of 2 nodes, each node paired on its leaf (0 hops).
tamp_add_mpi_test(NAME netbench-wicon-near-fattree RANKS 4
                  COMMAND tamp-netbench --benchmark wicon --pairing near,rnd --sizes 8,4K --messages 2
                          --topology synthetic:fattree:2x2,cores=1)
set_tests_properties(netbench-wicon-near-fattree PROPERTIES PASS_REGULAR_EXPRESSION "phase +near +rnd\n +hops/byte +0.000 "
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")
tamp_add_mpi_test(NAME netbench-wicon-rnd-odd RANKS 3
                  COMMAND tamp-netbench --benchmark wicon --pairing rnd --sizes 8 --messages 2 --seed 7
                          --topology synthetic:torus:3x1x1,cores=1)
# Hop-bytes vs dilation on 4x2x1: near = 4 streams of 1 hop (Y+1 = Y-1); +1+2: 7 hops in 6 streams; +3: 7 in 5.
tamp_add_mpi_test(NAME netbench-dilation-4x2x1 RANKS 8
                  COMMAND tamp-netbench --benchmark dilation --dilation 1+2,3 --sizes 1K --messages 1
                          --topology synthetic:torus:4x2x1,cores=1)
set_tests_properties(netbench-equidistant-ring8 PROPERTIES
                     PASS_REGULAR_EXPRESSION "hops/byte +1.000 +2.000 +3.000 +4.000\n +max dilation +1 +2 +3 +4"
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")
set_tests_properties(netbench-equidistant-mesh PROPERTIES
                     PASS_REGULAR_EXPRESSION "1 hop +2 hops\n +hops/byte +1.000 +2.000\n.*Solution validates|Solution validates.*1 hop +2 hops\n +hops/byte +1.000 +2.000\n"
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")
set_tests_properties(netbench-wocon-ring6 PROPERTIES
                     PASS_REGULAR_EXPRESSION "\n +4 [^\n]* 1:[0-9.]+ 2:[0-9.]+ 3:[0-9.]+\n"
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")
set_tests_properties(netbench-wicon-compare PROPERTIES
                     PASS_REGULAR_EXPRESSION "phase +nn +rnd\n +hops/byte +1.000 "
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")
set_tests_properties(netbench-wicon-rnd-odd PROPERTIES FAIL_REGULAR_EXPRESSION "${_nb_fail}")
set_tests_properties(netbench-dilation-4x2x1 PROPERTIES
                     PASS_REGULAR_EXPRESSION "phase +near +near\\+1\\+2 +near\\+3\n +hops/byte +1.000 +1.167 +1.400\n +max dilation +1 +2 +3"
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")

# --json: JSON Lines with the fields of docs/user-guide.md, one object per placement.
set(_nb_json ${CMAKE_CURRENT_BINARY_DIR}/netbench-report.jsonl)
add_test(NAME netbench-json-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${_nb_json})
set_tests_properties(netbench-json-clean PROPERTIES FIXTURES_SETUP netbench-json-clean LABELS mpi)
tamp_add_mpi_test(NAME netbench-json RANKS 4
                  COMMAND tamp-netbench --benchmark equidistant --sizes 4,4K --messages 2 --json ${_nb_json}
                          --topology synthetic:torus:1x1x4,cores=1 --compare default,round-robin)
set_tests_properties(netbench-json PROPERTIES FIXTURES_REQUIRED netbench-json-clean FIXTURES_SETUP netbench-json
                     FAIL_REGULAR_EXPRESSION "${_nb_fail}")
if(Python3_Interpreter_FOUND)
  add_test(NAME netbench-json-check
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_json_report.py ${_nb_json} 2
                   --app netbench --mappings default,round-robin --comm exchange)
  set_tests_properties(netbench-json-check PROPERTIES FIXTURES_REQUIRED netbench-json LABELS mpi)
endif()

# Netbench has no kernel: --backend kokkos runs the same messages where the build has Kokkos.
if(TAMP_HAVE_KOKKOS)
  tamp_add_mpi_test(NAME netbench-kokkos RANKS 4
                    COMMAND tamp-netbench --benchmark wicon --sizes 8 --messages 2 --backend kokkos
                            --topology synthetic:torus:2x2x1,cores=1)
  set_tests_properties(netbench-kokkos PROPERTIES FAIL_REGULAR_EXPRESSION "${_nb_fail}")
endif()
tamp_add_mpi_test(NAME netbench-help RANKS 1 COMMAND tamp-netbench --help)
set_tests_properties(netbench-help PROPERTIES PASS_REGULAR_EXPRESSION "--benchmark.*--sizes.*--compare.*--topology")

# Bad input: one line, non-zero exit status.
tamp_add_mpi_error_test(NAME netbench-error-wocon-cores RANKS 4 REGEX "wocon places one rank per node"
                        COMMAND tamp-netbench --benchmark wocon --topology synthetic:torus:2x1x1,cores=2)
tamp_add_mpi_error_test(NAME netbench-error-odd-ring RANKS 6 REGEX "--distance 2: the 6 routers along Z \\(a ring\\)"
                        COMMAND tamp-netbench --benchmark equidistant --distance 2
                                --topology synthetic:torus:1x1x6,cores=1)
tamp_add_mpi_error_test(NAME netbench-error-nn-odd RANKS 3 REGEX "no dimension of torus 3x1x1"
                        COMMAND tamp-netbench --benchmark wicon --topology synthetic:torus:3x1x1,cores=1)
tamp_add_mpi_error_test(NAME netbench-error-nn-fattree RANKS 4 REGEX "wicon --pairing nn needs a torus or mesh machine"
                        COMMAND tamp-netbench --benchmark wicon --topology synthetic:fattree:2x2,cores=1)
tamp_add_mpi_error_test(NAME netbench-error-far RANKS 8 REGEX "no node is 6 hops away on torus 2x2x2"
                        COMMAND tamp-netbench --benchmark dilation --topology synthetic:torus:2x2x2,cores=1)
tamp_add_mpi_error_test(NAME netbench-error-sizes RANKS 2 REGEX "--sizes 0:4"
                        COMMAND tamp-netbench --sizes 0:4)
tamp_add_mpi_error_test(NAME netbench-error-benchmark RANKS 2 REGEX "--benchmark wicn: expected wocon"
                        COMMAND tamp-netbench --benchmark wicn)
tamp_add_mpi_error_test(NAME netbench-error-master RANKS 2 REGEX "--master 5 is not a task of a job of 2 ranks"
                        COMMAND tamp-netbench --benchmark wocon --master 5)
