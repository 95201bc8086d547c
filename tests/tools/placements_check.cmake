# cmake -DTAMP_MAP=path/to/tamp-map -P placements_check.cmake
# `tamp-map placements` answers in JSON with status 0, names that are not module placements included: a
# registry algorithm, NAME+STEP and file:PATH are module placements (the file is not read); an unknown name or
# step is not, with the library's message. Bad usage (an unknown option) is one line and status 2.
function(fail what)
  message(FATAL_ERROR "tamp-map placements: ${what}\nstdout: ${_out}\nstderr: ${_err}")
endfunction()

execute_process(COMMAND "${TAMP_MAP}" placements -- blocked geom-rs+refine no-such blocked+no-step
                        file:absent.map -x
                RESULT_VARIABLE _status OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(NOT _status EQUAL 0)
  fail("exit status ${_status}, not 0")
endif()
# string(JSON GET) of a value that is missing fails with its own message.
string(JSON _algorithms GET "${_out}" algorithms)
string(JSON _steps GET "${_out}" steps)
foreach(_name default blocked auto)
  if(NOT _algorithms MATCHES "\"${_name}\"")
    fail("algorithms lack ${_name}")
  endif()
endforeach()
if(NOT _steps MATCHES "\"refine\"")
  fail("steps lack refine")
endif()
foreach(_name blocked geom-rs+refine file:absent.map)
  string(JSON _module GET "${_out}" names ${_name} module)
  if(NOT _module)
    fail("${_name} is not a module placement")
  endif()
endforeach()
string(JSON _file GET "${_out}" names file:absent.map file)
if(NOT _file STREQUAL "absent.map")
  fail("file:absent.map names the file '${_file}'")
endif()
foreach(_case "no-such;^unknown mapping 'no-such' \\(known: default, "
              "blocked+no-step;^unknown post-processing step 'no-step' \\(known: refine"
              "-x;^unknown mapping '-x'")
  list(GET _case 0 _name)
  list(GET _case 1 _regex)
  string(JSON _module GET "${_out}" names ${_name} module)
  string(JSON _error GET "${_out}" names ${_name} error)
  if(_module OR NOT _error MATCHES "${_regex}")
    fail("${_name}: module ${_module}, error '${_error}', expected one matching ${_regex}")
  endif()
endforeach()

execute_process(COMMAND "${TAMP_MAP}" placements --no-such-option blocked
                RESULT_VARIABLE _status OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
string(STRIP "${_err}" _line)
if(NOT _status EQUAL 2 OR _line MATCHES "\n" OR NOT _line MATCHES "no-such-option" OR NOT _out STREQUAL "")
  fail("bad usage: exit status ${_status}, not 2 with one line on stderr")
endif()
