# Warnings for TAMP's own targets (added per target through tamp_warnings()), sanitizers for everything.
function(tamp_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local)
  if(TAMP_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

if(TAMP_SANITIZE)
  add_compile_options(-fsanitize=${TAMP_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${TAMP_SANITIZE})
endif()
