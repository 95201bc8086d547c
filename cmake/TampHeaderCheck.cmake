# tamp_add_header_check(NAME target INCLUDE_DIR dir HEADERS header... LINK library...): an object library of one
# source per header that includes only that header, so that a header missing an include of its own fails the build.
# The headers see only what LINK gives: the headers of an MPI-free library, linked with it alone, must not need mpi.h.
# A sanitizer build has none: the Release build of the test command checks the same headers.
function(tamp_add_header_check)
  if(TAMP_SANITIZE)
    return()
  endif()
  cmake_parse_arguments(H "" "NAME;INCLUDE_DIR" "HEADERS;LINK" ${ARGN})
  set(_sources)
  foreach(header ${H_HEADERS})
    file(RELATIVE_PATH rel ${H_INCLUDE_DIR} ${header})
    string(MAKE_C_IDENTIFIER ${rel} id)
    set(src ${CMAKE_CURRENT_BINARY_DIR}/${H_NAME}/${id}.cpp)
    file(CONFIGURE OUTPUT ${src} CONTENT "#include \"${rel}\"\n")
    list(APPEND _sources ${src})
  endforeach()
  add_library(${H_NAME} OBJECT ${_sources})
  target_link_libraries(${H_NAME} PRIVATE ${H_LINK})
  tamp_warnings(${H_NAME})
endfunction()
