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

# The apps' memory-bound kernels at the width of the build machine's vectors (-march=native, as STREAM and the
# proxy apps' own makefiles build): the sweeps are compute-bound at SSE2's 2 doubles per instruction
# (docs/performance.md). Off for binaries that must run on another CPU than the one they were built on.
option(TAMP_NATIVE_KERNELS "Compile the apps' kernel libraries with -march=native" ON)
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-march=native TAMP_HAVE_MARCH_NATIVE)
function(tamp_native_kernels target)
  if(TAMP_NATIVE_KERNELS AND TAMP_HAVE_MARCH_NATIVE)
    target_compile_options(${target} PRIVATE -march=native)
  endif()
endfunction()

# CLI11 is header-only and costs about 4 s of CPU in every file that includes it (its validators and help formatter
# are compiled again each time; docs/building.md, "Build time"): a target's files that include it are compiled as
# one (a unity group; the other files stay alone).
function(tamp_cli_group target)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  set_source_files_properties(${ARGN} PROPERTIES UNITY_GROUP cli)
endfunction()
