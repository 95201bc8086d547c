# cmake -DCOMMAND=a|b|c -DAPP=tamp-stencil -DREGEX=re [-DNO_STDOUT=1] -P expect_error.cmake
# Passes when COMMAND exits non-zero and prints exactly one line "APP: error: ..." that matches REGEX, raised by all
# ranks together (no MPI_Abort, no per-rank suffix); with NO_STDOUT, and nothing on standard output (no part of
# what it would have printed).
string(REPLACE "|" ";" _command "${COMMAND}")
execute_process(COMMAND ${_command} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
# Semicolons would split the matches below into several list items.
string(REPLACE ";" "," _all "${_out}\n${_err}")
message(STATUS "exit status: ${_rc}\n${_all}")
if(_rc EQUAL 0)
  message(FATAL_ERROR "expected a non-zero exit status")
endif()
string(REGEX MATCHALL "(^|\n)${APP}: error: [^\n]*" _lines "${_all}")
list(LENGTH _lines _count)
if(NOT _count EQUAL 1)
  message(FATAL_ERROR "expected exactly one '${APP}: error:' line, got ${_count}")
endif()
if(NOT _lines MATCHES "${REGEX}")
  message(FATAL_ERROR "the error line does not match '${REGEX}'")
endif()
if(_lines MATCHES "\\(rank [0-9]+\\)$" OR _all MATCHES "MPI_ABORT")
  message(FATAL_ERROR "the error was raised on some ranks only (the job was aborted)")
endif()
if(NO_STDOUT AND NOT _out STREQUAL "")
  message(FATAL_ERROR "expected nothing on standard output, got:\n${_out}")
endif()
