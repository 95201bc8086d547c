# --- tamp-halo (included by tests/mpi/CMakeLists.txt) -------------------------------------------------------------
# A run passes on exit status 0 (non-zero when a grid-sum check fails, on errors and crashes) and when no placement
# skipped or failed its check.
set(_halo_fail "does NOT validate|not verified|error:")
set(_halo_deck --nx 6 --ny 5 --nz 4 --num_vars 3 --num_tsteps 2 --num_spikes 2)

# Every stencil and both comm methods on 1, 4 and 8 ranks; 4 and 8 ranks also under [Deveci14]'s Group ordering.
foreach(stencil 21 22 23 24)
  foreach(comm BSPMA SVAF)
    foreach(grid "1;1;1" "2;2;1" "2;2;2")
      list(GET grid 0 _px)
      list(GET grid 1 _py)
      list(GET grid 2 _pz)
      math(EXPR _ranks "${_px} * ${_py} * ${_pz}")
      set(_placements)
      if(_ranks GREATER 1)
        set(_placements --compare default,group)
      endif()
      set(name halo-${stencil}-${comm}-${_ranks}r)
      tamp_add_mpi_test(NAME ${name} RANKS ${_ranks}
                        COMMAND tamp-halo ${_halo_deck} --stencil ${stencil} --comm_method ${comm}
                                --npx ${_px} --npy ${_py} --npz ${_pz} ${_placements})
      set_tests_properties(${name} PROPERTIES FAIL_REGULAR_EXPRESSION "${_halo_fail}")
    endforeach()
  endforeach()
endforeach()

# Strong scaling (global sizes divided by the process grid), MiniGhost's default 1D process grid, debug grid.
tamp_add_mpi_test(NAME halo-strong RANKS 4
                  COMMAND tamp-halo --scaling 1 --nx 12 --ny 10 --nz 4 --npx 2 --npy 2 --num_vars 2 --num_tsteps 3
                          --stencil 3D7PT)
tamp_add_mpi_test(NAME halo-default-grid RANKS 3
                  COMMAND tamp-halo --nx 5 --ny 4 --nz 3 --num_vars 2 --num_tsteps 3 --stencil 22 --debug_grid 1)
set_tests_properties(halo-strong halo-default-grid PROPERTIES FAIL_REGULAR_EXPRESSION "${_halo_fail}")

# --sum_comm launcher: the grid sums on the job's slots in order while the exchange runs on each placement's order
# (a permuting `random` and `group` among them); every check of the sums must still hold.
tamp_add_mpi_test(NAME halo-sum-comm-launcher RANKS 8
                  COMMAND tamp-halo ${_halo_deck} --stencil 23 --npx 2 --npy 2 --npz 2 --sum_comm launcher
                          --compare default,group,random)
set_tests_properties(halo-sum-comm-launcher PROPERTIES FAIL_REGULAR_EXPRESSION "${_halo_fail}")

# The sample runs of main.cpp, exactly as written there.
tamp_add_sample_tests(APP halo FAIL "${_halo_fail}")

# --json (fields of docs/user-guide.md) and --yaml (MiniGhost's keys); openmp and kokkos grids are bitwise equal.
set(_hjson ${CMAKE_CURRENT_BINARY_DIR}/halo-report.jsonl)
set(_hyaml ${CMAKE_CURRENT_BINARY_DIR}/halo-results.yaml)
add_test(NAME halo-report-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${_hjson} ${_hyaml})
set_tests_properties(halo-report-clean PROPERTIES FIXTURES_SETUP halo-report-clean LABELS mpi)
set(_hargs ${_halo_deck} --stencil 24 --npx 2 --npy 2 --npz 1 --json ${_hjson} --yaml ${_hyaml})
tamp_add_mpi_test(NAME halo-report-openmp RANKS 4 COMMAND tamp-halo ${_hargs} --compare default,group)
set_tests_properties(halo-report-openmp PROPERTIES FIXTURES_REQUIRED halo-report-clean FIXTURES_SETUP halo-report
                     FAIL_REGULAR_EXPRESSION "${_halo_fail}")
set(_hruns 2)
set(_hmappings default,group)
if(TAMP_HAVE_KOKKOS)
  tamp_add_mpi_test(NAME halo-report-kokkos RANKS 4
                    COMMAND tamp-halo ${_hargs} --backend kokkos --compare default,geom-rs)
  set_tests_properties(halo-report-kokkos PROPERTIES FIXTURES_REQUIRED halo-report-clean FIXTURES_SETUP halo-report
                       DEPENDS halo-report-openmp FAIL_REGULAR_EXPRESSION "${_halo_fail}")
  set(_hruns 4)
  set(_hmappings default,group,default,geom-rs)
endif()
if(Python3_Interpreter_FOUND)
  add_test(NAME halo-json-check
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_json_report.py ${_hjson} ${_hruns}
                   --app halo --mappings ${_hmappings} --same-checksum --comm both)
  set_tests_properties(halo-json-check PROPERTIES FIXTURES_REQUIRED halo-report LABELS mpi)
endif()
add_test(NAME halo-yaml-check COMMAND ${CMAKE_COMMAND} -E cat ${_hyaml})
set_tests_properties(halo-yaml-check PROPERTIES FIXTURES_REQUIRED halo-report LABELS mpi
                     PASS_REGULAR_EXPRESSION "Computation: 27-point.*Task_grid_X: 2.*Verification: passed.*Grid_sum_var_3: ")

# A run whose grid-sum check fails (a tolerance below rounding) exits non-zero.
tamp_mpiexec_command(_hmpiexec 2)
add_test(NAME halo-check-fails
         COMMAND sh -c "\"$@\"; rc=$?; [ $rc -ne 0 ] && echo \"exit status $rc\"" sh ${_hmpiexec}
                 $<TARGET_FILE:tamp-halo> ${_halo_deck} --stencil 23 --npx 2 --error_tol 30)
tamp_mpi_test_environment(_halo_environment halo-check-fails)
set_tests_properties(halo-check-fails PROPERTIES LABELS mpi PROCESSORS 2 ENVIRONMENT "${_halo_environment}"
                     PASS_REGULAR_EXPRESSION "the error is.*does NOT validate.*exit status [1-9]")

# Bad decks: one line, non-zero exit status.
# Three sizes whose product passes 2^63: the message gives the product, not a wrapped one (the signed product overflowed).
tamp_add_mpi_error_test(NAME halo-error-grid-overflow RANKS 1
                        REGEX "--npz 3000000 has 27000000000000000000 ranks, the job has 1"
                        COMMAND tamp-halo --npdim 3000000)
tamp_add_mpi_error_test(NAME halo-error-procs RANKS 4
                        REGEX "--npx 2 --npy 3 --npz 1 has 6 ranks, the job has 4"
                        COMMAND tamp-halo --npx 2 --npy 3)
tamp_add_mpi_error_test(NAME halo-error-vars RANKS 2 REGEX "--num_vars 41: MiniGhost allows 1 to 40 variables"
                        COMMAND tamp-halo --num_vars 41)
tamp_add_mpi_error_test(NAME halo-error-stencil RANKS 2 REGEX "--stencil 25: expected 21"
                        COMMAND tamp-halo --stencil 25)
tamp_add_mpi_error_test(NAME halo-error-strong RANKS 4 REGEX "--nx 10 does not divide by --npx 4"
                        COMMAND tamp-halo --scaling 1 --nx 10)
tamp_add_mpi_error_test(NAME halo-error-mapping RANKS 2 REGEX "unknown mapping 'nosuch'.*group"
                        COMMAND tamp-halo --nx 4 --ny 4 --nz 4 --compare default,nosuch)
tamp_add_mpi_error_test(NAME halo-error-group RANKS 6 REGEX "mapping group needs the same number of slots \\(ranks\\) on every node"
                        COMMAND tamp-halo --nx 4 --ny 4 --nz 4 --mapping group)
tamp_add_mpi_test(NAME halo-help RANKS 1 COMMAND tamp-halo --help)
set_tests_properties(halo-help PROPERTIES PASS_REGULAR_EXPRESSION "--num_vars.*--comm_method.*--npx.*--compare")

# The campaign deck's run (its args on a 2x2x1 grid) hands the mappers the graph the app answers to --task-graph-for:
# params.graph is that answer and the phases the app evaluated are those `tamp-map gen` writes for it.
include(${CMAKE_CURRENT_LIST_DIR}/task_graph.cmake)
tamp_add_task_graph_test(APP halo RANKS 4 SUBST "px=2,py=2,pz=1" FAIL "${_halo_fail}")
# The check can fail: the same run against an answer that says 5 variables is refused.
if(Python3_Interpreter_FOUND)
  set(_hbad_answer ${CMAKE_CURRENT_BINARY_DIR}/halo-wrong-graph.json)
  file(WRITE ${_hbad_answer} "{\"graph\": \"minighost:2x2x1,nx=16,ny=16,nz=16,vars=5,stencil=3d7pt\"}\n")
  add_test(NAME halo-task-graph-refuses-other
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_task_graph.py
                   ${CMAKE_CURRENT_BINARY_DIR}/halo-deck.jsonl $<TARGET_FILE:tamp-map>
                   ${CMAKE_CURRENT_BINARY_DIR}/halo-task-graph-bad 4 ${_hbad_answer} -- $<TARGET_FILE:tamp-halo>)
  set_tests_properties(halo-task-graph-refuses-other PROPERTIES FIXTURES_REQUIRED halo-deck LABELS mpi
                       PASS_REGULAR_EXPRESSION "is not the answer's graph")
endif()
# The answer needs one process and runs nothing: asked under mpiexec on 1 rank, it prints the one JSON line.
tamp_add_mpi_output_test(NAME halo-task-graph-answer RANKS 1 PASS "graph.:.minighost:2x2x1,nx=6,ny=5,nz=4,"
                         FAIL "error:|Solution"
                         COMMAND tamp-halo --nx 6 --ny 5 --nz 4 --npx 2 --npy 2 --npz 1 --task-graph-for 4)
tamp_add_mpi_error_test(NAME halo-task-graph-not-synthetic RANKS 1 REGEX "--task-graph-for needs --topology synthetic:MACHINE"
                        COMMAND tamp-halo --topology hwloc --task-graph-for 4)
