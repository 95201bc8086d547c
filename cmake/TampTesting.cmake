# MPI tests, registered with their rank counts (label `mpi`).
#   tamp_add_mpi_test(NAME <name> RANKS <n> COMMAND <exe> [args...] [LABELS ...])
#   tamp_add_mpi_error_test(NAME <name> RANKS <n> REGEX <re> COMMAND <exe> [args...])
#     bad input: passes on a non-zero exit status and one agreed "tamp-APP: error: ..." line matching <re>.
#   tamp_add_mpi_output_test(NAME <name> RANKS <n> PASS <re> [FAIL <re>] COMMAND <exe> [args...])
#     passes on exit status 0 and output matching PASS (not FAIL); PASS_REGULAR_EXPRESSION alone ignores the status.
#   tamp_add_sample_tests(APP <app> FAIL <re> [FILTER <re>] [MAX_RANKS <n>] [WORKING_DIRECTORY <dir>])
#     the "Sample runs:" lines of apps/<app>/main.cpp, exactly as written there.

# mpiexec and its flags: Open MPI refuses root and more ranks than cores unless told; MPICH needs neither flag.
function(tamp_mpiexec_command out ranks)
  set(_flags ${MPIEXEC_PREFLAGS})
  execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE _ver ERROR_QUIET)
  if(_ver MATCHES "Open MPI|OpenRTE")
    # odls_base_sigkill_timeout 0: when a rank exits non-zero (every bad-input test), mpiexec ends the others at
    # once instead of waiting 2 s for them; a rank killed by SIGTERM is gone either way.
    # pml ob1: the tests' ranks share one host, which ob1 reaches through shared memory (vader) as UCX would; UCX's
    # start probes the host's devices, about 0.2 s of every mpiexec's 0.5 s (docs/building.md, "Test time").
    list(APPEND _flags --oversubscribe --allow-run-as-root --mca odls_base_sigkill_timeout 0 --mca pml ob1)
  endif()
  set(${out} ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${_flags} PARENT_SCOPE)
endfunction()

# The environment of an MPI test: one OpenMP thread, and (Open MPI) a session directory of its own. Open MPI keeps
# its session files under one directory per host and user in /tmp; with tests run two at a time, one run
# removing that directory as it ends can make another's mkdir fail ("orte_session_dir failed"). MPICH ignores it.
function(tamp_mpi_test_environment out name)
  set(_sessions ${CMAKE_BINARY_DIR}/mpi-sessions/${name})
  file(MAKE_DIRECTORY ${_sessions})
  set(${out} "OMP_NUM_THREADS=1;OMPI_MCA_orte_tmpdir_base=${_sessions}" PARENT_SCOPE)
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
  tamp_mpi_test_environment(_environment ${T_NAME})
  set_tests_properties(${T_NAME} PROPERTIES LABELS "mpi;${T_LABELS}" PROCESSORS ${T_RANKS}
                       ENVIRONMENT "${_environment}" TIMEOUT 300)
endfunction()

# A test that runs `cmake -D... -P SCRIPT` on the MPI command (exe and args, joined by "|" for the script).
function(tamp_add_mpi_script_test name ranks script timeout command defines)
  tamp_mpiexec_command(_mpiexec ${ranks})
  list(GET command 0 _exe)
  list(REMOVE_AT command 0)
  set(_command ${_mpiexec} $<TARGET_FILE:${_exe}> ${command})
  string(REPLACE ";" "|" _command "${_command}")
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} "-DCOMMAND=${_command}" ${defines} -P ${script})
  tamp_mpi_test_environment(_environment ${name})
  set_tests_properties(${name} PROPERTIES LABELS "mpi" PROCESSORS ${ranks} ENVIRONMENT "${_environment}"
                       TIMEOUT ${timeout})
endfunction()

function(tamp_add_mpi_error_test)
  cmake_parse_arguments(T "NO_STDOUT" "NAME;RANKS;REGEX" "COMMAND" ${ARGN})
  list(GET T_COMMAND 0 _exe)
  tamp_add_mpi_script_test(${T_NAME} ${T_RANKS} ${PROJECT_SOURCE_DIR}/tests/mpi/expect_error.cmake 120
                           "${T_COMMAND}" "-DAPP=${_exe};-DREGEX=${T_REGEX};-DNO_STDOUT=${T_NO_STDOUT}")
endfunction()

function(tamp_add_mpi_output_test)
  cmake_parse_arguments(T "" "NAME;RANKS;PASS;FAIL" "COMMAND" ${ARGN})
  tamp_add_mpi_script_test(${T_NAME} ${T_RANKS} ${PROJECT_SOURCE_DIR}/tests/mpi/expect_output.cmake 300
                           "${T_COMMAND}" "-DPASS=${T_PASS};-DFAIL=${T_FAIL}")
endfunction()

# One test APP-sample-K per line "//   mpirun -np N tamp-APP ARGS" of the app's main.cpp (K counts every such line
# that FILTER keeps, also those skipped for having more than MAX_RANKS ranks: the main job is documented, not run).
function(tamp_add_sample_tests)
  cmake_parse_arguments(S "" "APP;FAIL;FILTER;MAX_RANKS;WORKING_DIRECTORY" "" ${ARGN})
  set(_main ${PROJECT_SOURCE_DIR}/apps/${S_APP}/main.cpp)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_main})
  set(_line_re "^//   mpirun -np ([0-9]+) tamp-${S_APP}(.*)$")
  file(STRINGS ${_main} _samples REGEX "^//   mpirun -np [0-9]+ tamp-${S_APP}${S_FILTER}")
  set(_index 0)
  foreach(line IN LISTS _samples)
    math(EXPR _index "${_index} + 1")
    string(REGEX REPLACE "${_line_re}" "\\1" _ranks "${line}")
    string(REGEX REPLACE "${_line_re}" "\\2" _args "${line}")
    separate_arguments(_args UNIX_COMMAND "${_args}")
    if(S_MAX_RANKS AND _ranks GREATER S_MAX_RANKS)
      continue()
    endif()
    set(_name ${S_APP}-sample-${_index})
    tamp_add_mpi_test(NAME ${_name} RANKS ${_ranks} COMMAND tamp-${S_APP} ${_args})
    set_tests_properties(${_name} PROPERTIES FAIL_REGULAR_EXPRESSION "${S_FAIL}")
    if(S_WORKING_DIRECTORY)
      set_tests_properties(${_name} PROPERTIES WORKING_DIRECTORY ${S_WORKING_DIRECTORY})
    endif()
  endforeach()
endfunction()
