# Warnings for TAMP's own targets (added per target through tamp_warnings()), sanitizers for everything.
function(tamp_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  # GCC can limit shadowing warnings to locals; clang only knows the plain form.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wshadow=local)
  else()
    target_compile_options(${target} PRIVATE -Wshadow)
  endif()
  if(TAMP_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

if(TAMP_SANITIZE)
  add_compile_options(-fsanitize=${TAMP_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${TAMP_SANITIZE})
endif()
