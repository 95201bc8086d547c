# --- tamp-replay (included by tests/mpi/CMakeLists.txt) -----------------------------------------------------------
# A run passes on exit status 0 (1 when a byte received in the last step is wrong) and when no placement skipped
# or failed its check; PASS_REGULAR_EXPRESSION says what was replayed.
set(_rp_fail "does NOT validate|not verified|error:")
set(_graphs ${PROJECT_SOURCE_DIR}/inputs/graphs)

# The sample runs of main.cpp, exactly as written there: a generator spec, a METIS file, an edge list with phases.
tamp_add_sample_tests(APP replay MAX_RANKS 8 FAIL "${_rp_fail}" WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# The phases file's MPI_Allreduce and MPI_Bcast run as MPI calls, every byte checked in each of three placements.
tamp_add_mpi_test(NAME replay-phases-collectives RANKS 8
                  COMMAND tamp-replay --graph ${_graphs}/exchange-sum-8.edges --steps 3
                          --topology synthetic:torus:2x2x2,cores=1 --compare default,random,round-robin)
set_tests_properties(replay-phases-collectives PROPERTIES
                     PASS_REGULAR_EXPRESSION "3 calls per step \\(2 collectives, 2 as MPI collectives\\), 55 messages.*Solution validates \\(max error 0.*Solution validates \\(max error 0.*Solution validates \\(max error 0"
                     FAIL_REGULAR_EXPRESSION "${_rp_fail}")
# An odd task count (a 3x2 stencil on 6 ranks, periodic: a pair of tasks two messages apart) and counts above 1.
tamp_add_mpi_test(NAME replay-stencil-6r RANKS 6
                  COMMAND tamp-replay --graph stencil2d:3x2,periodic,local=8x8 --steps 4 --warmup 0
                          --topology synthetic:torus:3x2,cores=1 --compare default,random)
set_tests_properties(replay-stencil-6r PROPERTIES PASS_REGULAR_EXPRESSION "replay of stencil2d:3x2.*Solution validates"
                     FAIL_REGULAR_EXPRESSION "${_rp_fail}")
# Collectives on parts of the job (MFDn's row and column trees, the orthogonalisation's scatter and gather): sent as
# their rounds of messages; its two allreduces over all tasks run as MPI_Allreduce. Every byte checked.
tamp_add_mpi_test(NAME replay-mfdn-rounds RANKS 6
                  COMMAND tamp-replay --graph mfdn:3,n=3000 --steps 2 --topology synthetic:torus:3x2,cores=1)
set_tests_properties(replay-mfdn-rounds PROPERTIES PASS_REGULAR_EXPRESSION "8 calls per step \\(8 collectives, 2 as MPI collectives\\).*Solution validates"
                     FAIL_REGULAR_EXPRESSION "${_rp_fail}")
tamp_add_mpi_output_test(NAME replay-verify-off RANKS 2 PASS "Solution not verified" FAIL "validates|error:"
                         COMMAND tamp-replay --graph stencil2d:2x1 --verify off)

# --json: the row every app writes; the comparison table; exchange and collectives timed apart.
set(_rp_json ${CMAKE_CURRENT_BINARY_DIR}/replay-report.jsonl)
add_test(NAME replay-json-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${_rp_json})
set_tests_properties(replay-json-clean PROPERTIES FIXTURES_SETUP replay-json-clean LABELS mpi)
tamp_add_mpi_test(NAME replay-json RANKS 8
                  COMMAND tamp-replay --graph ${_graphs}/exchange-sum-8.edges --steps 2 --json ${_rp_json}
                          --topology synthetic:torus:2x2x2,cores=1 --compare default,random)
set_tests_properties(replay-json PROPERTIES FIXTURES_REQUIRED replay-json-clean FIXTURES_SETUP replay-json
                     FAIL_REGULAR_EXPRESSION "${_rp_fail}")
if(Python3_Interpreter_FOUND)
  add_test(NAME replay-json-check
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_json_report.py ${_rp_json} 2
                   --app replay --mappings default,random --comm both)
  set_tests_properties(replay-json-check PROPERTIES FIXTURES_REQUIRED replay-json LABELS mpi)
endif()

# --engine flow: the same graph simulated in one process, with a compute time per task and per unit of weight.
tamp_add_mpi_output_test(NAME replay-flow RANKS 1
                         PASS "flow engine: mapping 'default'.*flow engine: mapping 'auto'.*Comparison of 2 placements"
                         FAIL "error:"
                         COMMAND tamp-replay --graph ${_graphs}/irregular-8.graph --engine flow --ranks 8 --steps 3
                                 --compute-model task=1e-6,weight=2e-6 --topology synthetic:torus:4x2x1,cores=1
                                 --compare default,auto)

# Its report: the prediction per step (the same engine) beside the run's communication per step.
if(Python3_Interpreter_FOUND)
  set(_rp_flow_json ${CMAKE_CURRENT_BINARY_DIR}/replay-flow.jsonl)
  add_test(NAME replay-flow-json-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${_rp_flow_json})
  set_tests_properties(replay-flow-json-clean PROPERTIES FIXTURES_SETUP replay-flow-json-clean LABELS mpi)
  tamp_add_mpi_output_test(NAME replay-flow-json RANKS 1 PASS "Comparison of 2 placements" FAIL "error:"
                           COMMAND tamp-replay --graph ${_graphs}/irregular-8.graph --engine flow --ranks 8 --steps 3
                                   --compute-model task=1e-6,weight=2e-6 --topology synthetic:torus:4x2x1,cores=1
                                   --compare default,random --json ${_rp_flow_json})
  set_tests_properties(replay-flow-json PROPERTIES FIXTURES_REQUIRED replay-flow-json-clean
                       FIXTURES_SETUP replay-flow-json)
  add_test(NAME replay-flow-json-check
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_json_report.py ${_rp_flow_json} 2
                   --app replay --mappings default,random --flow)
  set_tests_properties(replay-flow-json-check PROPERTIES FIXTURES_REQUIRED replay-flow-json LABELS mpi)
endif()

# Bad input: one line, non-zero exit status.
tamp_add_mpi_error_test(NAME replay-error-task-count RANKS 4
                        REGEX "--graph stencil3d:2x2x2: 8 tasks for 4 ranks \\(tamp-replay runs one task per rank\\)"
                        COMMAND tamp-replay --graph stencil3d:2x2x2)
tamp_add_mpi_error_test(NAME replay-error-missing-file RANKS 2 REGEX "nonexistent.graph: cannot open the task graph"
                        COMMAND tamp-replay --graph nonexistent.graph)
# A phase run 1.5 times per step (an average a replay cannot run), and buffers no node holds: 20 phases, each of a
# message of 2 GB - 1 both ways (80 GB per task), refused before anything is allocated.
set(_bad ${CMAKE_CURRENT_BINARY_DIR}/replay-bad)
file(WRITE ${_bad}-fraction.edges "tasks 2\n0 1 8\n")
file(WRITE ${_bad}-fraction.phases "tasks 2\nphase half p2p 1.5 1\n0 1 8\n")
tamp_add_mpi_error_test(NAME replay-error-fractional-count RANKS 2
                        REGEX "--graph .*replay-bad-fraction.edges: phase half runs 1.5 times per step"
                        COMMAND tamp-replay --graph ${_bad}-fraction.edges)
file(WRITE ${_bad}-memory.edges "tasks 2\n0 1 42949672940\n1 0 42949672940\n")
file(WRITE ${_bad}-memory.phases "tasks 2\n")
foreach(_i RANGE 1 20)
  file(APPEND ${_bad}-memory.phases "phase p${_i} p2p 1 2\n0 1 2147483647\n1 0 2147483647\n")
endforeach()
tamp_add_mpi_error_test(NAME replay-error-memory RANKS 2
                        REGEX "--graph .*replay-bad-memory.edges: about 85.9 GB per rank \\(the message buffers"
                        COMMAND tamp-replay --graph ${_bad}-memory.edges)
tamp_add_mpi_test(NAME replay-help RANKS 1 COMMAND tamp-replay --help)
set_tests_properties(replay-help PROPERTIES PASS_REGULAR_EXPRESSION "--graph.*--steps.*--compare.*--topology")
