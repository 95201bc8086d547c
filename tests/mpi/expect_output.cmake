# cmake -DCOMMAND=a|b|c -DPASS=re [-DFAIL=re] -P expect_output.cmake
# Passes when COMMAND exits with status 0 and its output matches PASS and not FAIL (CTest's PASS_REGULAR_EXPRESSION
# alone would ignore the exit status).
string(REPLACE "|" ";" _command "${COMMAND}")
execute_process(COMMAND ${_command} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
set(_all "${_out}\n${_err}")
message(STATUS "exit status: ${_rc}\n${_all}")
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "expected exit status 0")
endif()
if(NOT _all MATCHES "${PASS}")
  message(FATAL_ERROR "the output does not match '${PASS}'")
endif()
if(FAIL AND _all MATCHES "${FAIL}")
  message(FATAL_ERROR "the output matches '${FAIL}'")
endif()
