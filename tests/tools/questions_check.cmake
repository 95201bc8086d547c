# cmake -DTAMP_MAP=path/to/tamp-map -DSOURCE=source-dir -P questions_check.cmake
# `tamp-map grids` and `tamp-map machine` answer in JSON with status 0: the process grids of job sizes
# (MPI_Dims_create's 2D and 3D, the triangular n_d or null), and a machine's cores per node, nodes and slots as the
# library's parser reads them (a file with a node list, an inline spec). Bad usage is one line and status 2; a
# machine that does not parse is the parser's one line and status 1.
function(fail what)
  message(FATAL_ERROR "tamp-map questions: ${what}\nstdout: ${_out}\nstderr: ${_err}")
endfunction()

function(expect_json key_path want)
  string(JSON _got GET "${_out}" ${key_path})
  if(NOT _got STREQUAL want)
    fail("${key_path}: '${_got}', expected '${want}'")
  endif()
endfunction()

execute_process(COMMAND "${TAMP_MAP}" grids 64 28 2048 RESULT_VARIABLE _status OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(NOT _status EQUAL 0)
  fail("grids: exit status ${_status}, not 0")
endif()
# string(JSON GET) prints an array as "[ 4, 4, 4 ]" and a null as an empty string (string(JSON TYPE) tells).
expect_json("64;procs3" "[ 4, 4, 4 ]")
expect_json("64;procs2" "[ 8, 8 ]")
string(JSON _type TYPE "${_out}" 64 nd)
if(NOT _type STREQUAL "NULL")
  fail("64;nd: a ${_type}, expected null (64 ranks are not triangular)")
endif()
expect_json("28;nd" "7")
expect_json("28;procs3" "[ 7, 2, 2 ]")
expect_json("2048;procs3" "[ 16, 16, 8 ]")

execute_process(COMMAND "${TAMP_MAP}" grids 0 RESULT_VARIABLE _status OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
string(STRIP "${_err}" _line)
if(NOT _status EQUAL 2 OR NOT _line MATCHES "^tamp-map grids: error: " OR _line MATCHES "\n")
  fail("grids 0: status ${_status}, expected 2 and one line 'tamp-map grids: error: ...'")
endif()

execute_process(COMMAND "${TAMP_MAP}" machine --machine ${SOURCE}/inputs/campaigns/cielo-sparse.machine
                RESULT_VARIABLE _status OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(NOT _status EQUAL 0)
  fail("machine: exit status ${_status}, not 0")
endif()
expect_json("cores_per_node" "16")
expect_json("nodes" "256")
expect_json("slots" "4096")
expect_json("name" "cielo-sparse-256n-chunk8-seed1")

execute_process(COMMAND "${TAMP_MAP}" machine --machine torus:4x4x4,cores=4,npr=2
                RESULT_VARIABLE _status OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
expect_json("cores_per_node" "4")
expect_json("nodes" "128")
expect_json("slots" "512")

execute_process(COMMAND "${TAMP_MAP}" machine RESULT_VARIABLE _status OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
string(STRIP "${_err}" _line)
if(NOT _status EQUAL 2 OR NOT _line MATCHES "^tamp-map machine: error: .*--machine" OR _line MATCHES "\n")
  fail("machine without --machine: status ${_status}, expected 2 and one line naming --machine")
endif()

execute_process(COMMAND "${TAMP_MAP}" machine --machine torus:4x4x0 RESULT_VARIABLE _status OUTPUT_VARIABLE _out
                ERROR_VARIABLE _err)
string(STRIP "${_err}" _line)
if(NOT _status EQUAL 1 OR NOT _line MATCHES "^tamp-map: error: " OR _line MATCHES "\n")
  fail("machine torus:4x4x0: status ${_status}, expected 1 and one line 'tamp-map: error: ...'")
endif()
