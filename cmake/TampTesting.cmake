# MPI tests, registered with their rank counts (label `mpi`).
#   tamp_add_mpi_test(NAME <name> RANKS <n> COMMAND <exe> [args...] [LABELS ...])
#   tamp_add_mpi_error_test(NAME <name> RANKS <n> REGEX <re> COMMAND <exe> [args...])
#     bad input: passes on a non-zero exit status and one agreed "tamp-APP: error: ..." line matching <re>.

# mpiexec and its flags: Open MPI refuses root and more ranks than cores unless told; MPICH needs neither flag.
function(tamp_mpiexec_command out ranks)
  set(_flags ${MPIEXEC_PREFLAGS})
  execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE _ver ERROR_QUIET)
  if(_ver MATCHES "Open MPI|OpenRTE")
    list(APPEND _flags --oversubscribe --allow-run-as-root)
  endif()
  set(${out} ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${_flags} PARENT_SCOPE)
endfunction()

function(tamp_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;RANKS" "COMMAND;LABELS" ${ARGN})
  tamp_mpiexec_command(_mpiexec ${T_RANKS})
  list(GET T_COMMAND 0 _exe)
  list(REMOVE_AT T_COMMAND 0)
  if(TARGET ${_exe})
    set(_exe $<TARGET_FILE:${_exe}>)
  endif()
  add_test(NAME ${T_NAME} COMMAND ${_mpiexec} ${_exe} ${T_COMMAND})
  set_tests_properties(${T_NAME} PROPERTIES LABELS "mpi;${T_LABELS}" PROCESSORS ${T_RANKS}
                       ENVIRONMENT "OMP_NUM_THREADS=1" TIMEOUT 300)
endfunction()

function(tamp_add_mpi_error_test)
  cmake_parse_arguments(T "" "NAME;RANKS;REGEX" "COMMAND" ${ARGN})
  tamp_mpiexec_command(_mpiexec ${T_RANKS})
  list(GET T_COMMAND 0 _exe)
  list(REMOVE_AT T_COMMAND 0)
  set(_command ${_mpiexec} $<TARGET_FILE:${_exe}> ${T_COMMAND})
  string(REPLACE ";" "|" _command "${_command}")
  add_test(NAME ${T_NAME}
           COMMAND ${CMAKE_COMMAND} "-DCOMMAND=${_command}" -DAPP=${_exe} "-DREGEX=${T_REGEX}"
                   -P ${PROJECT_SOURCE_DIR}/tests/mpi/expect_error.cmake)
  set_tests_properties(${T_NAME} PROPERTIES LABELS "mpi" PROCESSORS ${T_RANKS} ENVIRONMENT "OMP_NUM_THREADS=1"
                       TIMEOUT 120)
endfunction()
