# --- tamp-mesh ----------------------------------------------------------------------------------------------------
# Included by tests/mpi/CMakeLists.txt. A run passes on exit status 0 and when no placement failed or skipped its
# check: each run is compared with a serial run of the whole mesh and its total heat is checked.
set(_mesh_fail "does NOT validate|not verified|error:")
set(_meshes ${PROJECT_SOURCE_DIR}/inputs/meshes)

# Generated meshes, 2D and 3D, on 1, 4 and 8 ranks, each under three placements (an irregular and a geometric
# mapper beside the default).
foreach(dims 2 3)
  foreach(ranks 1 4 8)
    set(name mesh-${dims}d-${ranks}r)
    tamp_add_mpi_test(NAME ${name} RANKS ${ranks}
                      COMMAND tamp-mesh --dims ${dims} --per-rank 150 --iterations 3
                              --compare default,greedy,geom)
    set_tests_properties(${name} PROPERTIES FAIL_REGULAR_EXPRESSION "${_mesh_fail}")
  endforeach()
endforeach()
# Odd rank count, the other partitioners, Gmsh 2.2 in 3D, auto.
tamp_add_mpi_test(NAME mesh-3r-scotch RANKS 3
                  COMMAND tamp-mesh --dims 2 --elements 900 --partitioner scotch --iterations 3 --compare default,rb)
tamp_add_mpi_test(NAME mesh-5r-rcb RANKS 5
                  COMMAND tamp-mesh --dims 3 --elements 700 --partitioner rcb --iterations 3 --compare default,bft)
tamp_add_mpi_test(NAME mesh-file-cube-v22 RANKS 4
                  COMMAND tamp-mesh --mesh ${_meshes}/cube-v22.msh --iterations 3 --compare default,auto)
set_tests_properties(mesh-3r-scotch mesh-5r-rcb mesh-file-cube-v22 PROPERTIES FAIL_REGULAR_EXPRESSION "${_mesh_fail}")
tamp_add_mpi_output_test(NAME mesh-verify-off RANKS 2 PASS "Solution not verified" FAIL "validates|error:"
                         COMMAND tamp-mesh --per-rank 100 --iterations 2 --verify off)
tamp_add_mpi_test(NAME mesh-help RANKS 1 COMMAND tamp-mesh --help)
set_tests_properties(mesh-help PROPERTIES PASS_REGULAR_EXPRESSION "--mesh.*--partitioner.*--compare.*--topology")

# The sample runs of main.cpp, exactly as written there, from the root of the source tree (their mesh paths); the
# main job is documented, not a CI test.
tamp_add_sample_tests(APP mesh MAX_RANKS 8 FAIL "${_mesh_fail}" WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# --json: the fields of docs/user-guide.md; every run of one mesh gives bitwise the same temperatures, whatever the rank
# count, partition, placement or backend (each equals the serial run).
set(_json ${CMAKE_CURRENT_BINARY_DIR}/mesh-report.jsonl)
add_test(NAME mesh-json-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${_json})
set_tests_properties(mesh-json-clean PROPERTIES FIXTURES_SETUP mesh-json-clean LABELS mpi)
set(_json_args --mesh ${_meshes}/disk-v41.msh --iterations 4 --json ${_json})
tamp_add_mpi_test(NAME mesh-json-4r RANKS 4 COMMAND tamp-mesh ${_json_args} --compare default,geom-rs)
tamp_add_mpi_test(NAME mesh-json-1r RANKS 1 COMMAND tamp-mesh ${_json_args})
set_tests_properties(mesh-json-4r PROPERTIES FIXTURES_REQUIRED mesh-json-clean FIXTURES_SETUP mesh-json)
set_tests_properties(mesh-json-1r PROPERTIES FIXTURES_REQUIRED mesh-json-clean FIXTURES_SETUP mesh-json
                     DEPENDS mesh-json-4r)
set(_json_runs 3)
set(_json_mappings default,geom-rs,default)
if(TAMP_HAVE_KOKKOS)
  tamp_add_mpi_test(NAME mesh-json-kokkos RANKS 3
                    COMMAND tamp-mesh ${_json_args} --backend kokkos --partitioner rcb --compare default,greedy)
  set_tests_properties(mesh-json-kokkos PROPERTIES FIXTURES_REQUIRED mesh-json-clean FIXTURES_SETUP mesh-json
                       DEPENDS mesh-json-1r)
  set(_json_runs 5)
  set(_json_mappings default,geom-rs,default,default,greedy)
  tamp_add_mpi_test(NAME mesh-kokkos-3d-8r RANKS 8
                    COMMAND tamp-mesh --dims 3 --per-rank 150 --iterations 3 --backend kokkos --compare default,geom)
  set_tests_properties(mesh-kokkos-3d-8r PROPERTIES FAIL_REGULAR_EXPRESSION "${_mesh_fail}")
else()
  tamp_add_mpi_error_test(NAME mesh-error-no-kokkos RANKS 2 REGEX "no Kokkos backend"
                          COMMAND tamp-mesh --backend kokkos)
endif()
if(Python3_Interpreter_FOUND)
  add_test(NAME mesh-json-check
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_json_report.py ${_json} ${_json_runs}
                   --app mesh --mappings ${_json_mappings} --same-checksum --comm exchange)
  set_tests_properties(mesh-json-check PROPERTIES FIXTURES_REQUIRED mesh-json LABELS mpi)
endif()

# Bad input: one line naming the file and line (or the element), non-zero exit status.
set(_bad ${CMAKE_CURRENT_BINARY_DIR}/bad-meshes)
set(_head22 "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n")
set(_nodes22 "$Nodes\n4\n1 0 0 0\n2 1 0 0\n3 1 1 0\n4 0 1 0\n$EndNodes\n")
file(WRITE ${_bad}/malformed.msh "${_head22}$Nodes\n4\n1 0 0 0\n2 1 zero 0\n3 1 1 0\n4 0 1 0\n$EndNodes\n")
file(WRITE ${_bad}/version3.msh "$MeshFormat\n3.0 0 8\n$EndMeshFormat\n")
file(WRITE ${_bad}/binary.msh "$MeshFormat\n4.1 1 8\n$EndMeshFormat\n")
file(WRITE ${_bad}/quads.msh "${_head22}${_nodes22}$Elements\n1\n7 3 2 0 1 1 2 3 4\n$EndElements\n")
file(WRITE ${_bad}/inverted.msh "${_head22}${_nodes22}$Elements\n2\n5 2 2 0 1 1 2 3\n6 2 2 0 1 1 4 3\n$EndElements\n")
file(WRITE ${_bad}/unknown-node.msh "${_head22}${_nodes22}$Elements\n2\n5 2 2 0 1 1 2 3\n6 2 2 0 1 1 3 9\n$EndElements\n")
file(WRITE ${_bad}/two.msh "${_head22}${_nodes22}$Elements\n2\n5 2 2 0 1 1 2 3\n6 2 2 0 1 1 3 4\n$EndElements\n")
file(WRITE ${_bad}/truncated.msh "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 4 1 4\n2 1 0 4\n1\n2\n")
# NaN passes CLI11's range check (every comparison with NaN is false) and -1 its reading of an unsigned seed
# (2^64 - 1): tamp::cli::finite_number and unsigned_integer refuse them.
tamp_add_mpi_error_test(NAME mesh-error-cfl-nan RANKS 1 REGEX "--cfl: must be a finite number, not 'nan'"
                        COMMAND tamp-mesh --cfl nan)
tamp_add_mpi_error_test(NAME mesh-error-seed-negative RANKS 1 REGEX "--mesh-seed: must be an integer of 0 or more, not '-1'"
                        COMMAND tamp-mesh --mesh-seed -1)
tamp_add_mpi_error_test(NAME mesh-error-partition-seed-negative RANKS 1
                        REGEX "--partition-seed: must be an integer of 0 or more, not '-1'"
                        COMMAND tamp-mesh --partition-seed -1)
tamp_add_mpi_error_test(NAME mesh-error-malformed RANKS 2 REGEX "malformed.msh:7: .*not a number"
                        COMMAND tamp-mesh --mesh ${_bad}/malformed.msh)
tamp_add_mpi_error_test(NAME mesh-error-version RANKS 2 REGEX "version3.msh:2: unsupported .msh format version 3.0"
                        COMMAND tamp-mesh --mesh ${_bad}/version3.msh)
tamp_add_mpi_error_test(NAME mesh-error-binary RANKS 2 REGEX "binary.msh:2: binary .msh files are not supported"
                        COMMAND tamp-mesh --mesh ${_bad}/binary.msh)
tamp_add_mpi_error_test(NAME mesh-error-quads RANKS 2 REGEX "quads.msh:13: element 7 is a 4-node quadrangle"
                        COMMAND tamp-mesh --mesh ${_bad}/quads.msh)
tamp_add_mpi_error_test(NAME mesh-error-inverted RANKS 1 REGEX "element 1 \\(tag 6, .*inverted.msh:14\\) is inverted"
                        COMMAND tamp-mesh --mesh ${_bad}/inverted.msh)
tamp_add_mpi_error_test(NAME mesh-error-unknown-node RANKS 1 REGEX "unknown-node.msh:14: element 6 refers to unknown node 9"
                        COMMAND tamp-mesh --mesh ${_bad}/unknown-node.msh)
tamp_add_mpi_error_test(NAME mesh-error-truncated RANKS 1 REGEX "truncated.msh:8: unexpected end of file"
                        COMMAND tamp-mesh --mesh ${_bad}/truncated.msh)
tamp_add_mpi_error_test(NAME mesh-error-missing RANKS 1 REGEX "nosuch.msh:0: cannot open"
                        COMMAND tamp-mesh --mesh ${_bad}/nosuch.msh)
tamp_add_mpi_error_test(NAME mesh-error-too-few-elements RANKS 4 REGEX "has 2 elements, fewer than the 4 ranks"
                        COMMAND tamp-mesh --mesh ${_bad}/two.msh)
tamp_add_mpi_error_test(NAME mesh-error-sizes RANKS 2 REGEX "--elements and --per-rank size a generated mesh"
                        COMMAND tamp-mesh --mesh ${_meshes}/cube-v41.msh --per-rank 10)

# tamp-mesh-graph writes the same quotient graph (edge list + centroids) for tamp-map, at any part count.
set(_mesh_graph ${CMAKE_CURRENT_BINARY_DIR}/mesh-16.edges)
add_test(NAME mesh-graph-write COMMAND tamp-mesh-graph --dims 2 --elements 2000 --parts 16 --out ${_mesh_graph})
set_tests_properties(mesh-graph-write PROPERTIES FIXTURES_SETUP mesh-graph LABELS mpi
                     PASS_REGULAR_EXPRESSION "into 16 parts: imbalance 1\\.0")
if(TARGET tamp-map)
  add_test(NAME mesh-graph-map COMMAND tamp-map compare --graph ${_mesh_graph} --machine torus:4x2x2,cores=1
                                       --algorithms default,geom-rs)
  set_tests_properties(mesh-graph-map PROPERTIES FIXTURES_REQUIRED mesh-graph LABELS mpi
                       PASS_REGULAR_EXPRESSION "geom-rs +[0-9]" FAIL_REGULAR_EXPRESSION "error")
endif()

# A generated mesh cut by rcb is the library's `mesh:` graph: the campaign deck's settings (3D, 400 elements per rank)
# with --partitioner rcb on 4 ranks, against `tamp-map gen mesh:3d,parts=4,cells=1600,seed=1` (params.graph and the
# evaluated graph). The campaign deck itself partitions with METIS, which the library does not have (no graph line).
set(_mesh_deck ${CMAKE_CURRENT_BINARY_DIR}/mesh-rcb.deck)
file(WRITE ${_mesh_deck} "app mesh\nargs --dims 3 --elements 1600 --partitioner rcb --iterations 5\n"
                         "graph mesh:3d,parts={ranks},cells=1600,seed=1\n")
include(${CMAKE_CURRENT_LIST_DIR}/task_graph.cmake)
tamp_add_task_graph_test(APP mesh RANKS 4 SUBST "ranks=4" DECK ${_mesh_deck} FAIL "${_mesh_fail}")

# Without MPI, at part counts no test runs: tamp-mesh-graph (the app's mesh, rcb partition and quotient graph) writes
# byte for byte the edge list and coordinates `tamp-map gen mesh:...` writes.
if(TARGET tamp-mesh-graph)
  foreach(case "2;7;3000;5" "3;12;5000;1")
    list(GET case 0 _d)
    list(GET case 1 _p)
    list(GET case 2 _c)
    list(GET case 3 _s)
    set(_dir ${CMAKE_CURRENT_BINARY_DIR}/mesh-gen-${_d}d-${_p})
    set(_spec "mesh:${_d}d,parts=${_p},cells=${_c},seed=${_s}")
    add_test(NAME mesh-graph-equals-gen-${_d}d-${_p}
             COMMAND sh -c "set -e; mkdir -p $0; $1 --dims ${_d} --elements ${_c} --mesh-seed ${_s} --partitioner rcb \
--parts ${_p} --out $0/app.edges; $2 gen ${_spec} --out $0/gen.edges --edges; $2 gen ${_spec} --out $0/gen.graph; \
cmp $0/app.edges $0/gen.edges; cmp $0/app.xyz $0/gen.xyz; echo same graph"
                     ${_dir} $<TARGET_FILE:tamp-mesh-graph> $<TARGET_FILE:tamp-map>)
    set_tests_properties(mesh-graph-equals-gen-${_d}d-${_p} PROPERTIES LABELS mpi PASS_REGULAR_EXPRESSION "same graph")
  endforeach()
endif()
