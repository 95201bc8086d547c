# tamp_add_mpi_test(NAME <name> RANKS <n> COMMAND <exe> [args...])
# Runs <exe> under mpiexec with <n> ranks (oversubscribed, root allowed), labelled `mpi`.
function(tamp_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;RANKS" "COMMAND;LABELS" ${ARGN})
  set(_flags ${MPIEXEC_PREFLAGS})
  # Open MPI refuses root and more ranks than cores unless told; MPICH ignores neither flag kindly, so test.
  execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE _ver ERROR_QUIET)
  if(_ver MATCHES "Open MPI|OpenRTE")
    list(APPEND _flags --oversubscribe --allow-run-as-root)
  endif()
  list(GET T_COMMAND 0 _exe)
  list(REMOVE_AT T_COMMAND 0)
  if(TARGET ${_exe})
    set(_exe $<TARGET_FILE:${_exe}>)
  endif()
  add_test(NAME ${T_NAME}
           COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${T_RANKS} ${_flags} ${_exe} ${T_COMMAND})
  set_tests_properties(${T_NAME} PROPERTIES LABELS "mpi;${T_LABELS}" PROCESSORS ${T_RANKS}
                       ENVIRONMENT "OMP_NUM_THREADS=1" TIMEOUT 300)
endfunction()
