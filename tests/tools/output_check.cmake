# cmake -DCOMMAND=a|b|c -DAPP=tamp-map -DREGEX=re [-DKEEP=file] [-DABSENT=f1|f2] -P output_check.cmake
# Passes when COMMAND fails with one "APP: error: ..." line matching REGEX (tests/mpi/expect_error.cmake), a file
# KEEP that held "keep" before still holds it, and no file of ABSENT (removed first) exists afterwards: a failing
# command leaves nothing behind.
string(REPLACE "|" ";" _absent "${ABSENT}")
if(KEEP)
  file(WRITE "${KEEP}" "keep\n")
endif()
foreach(f ${_absent})
  file(REMOVE "${f}")
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/../mpi/expect_error.cmake)
if(KEEP)
  file(READ "${KEEP}" _kept)
  if(NOT _kept STREQUAL "keep\n")
    message(FATAL_ERROR "${KEEP} was changed by the failing command")
  endif()
endif()
foreach(f ${_absent})
  if(EXISTS "${f}")
    message(FATAL_ERROR "${f} was left behind by the failing command")
  endif()
endforeach()
