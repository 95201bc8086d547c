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

# Unity builds (docs/building.md, "Build time"): the headers that every file includes (the standard library,
# CLI11, nlohmann json, MPI, GoogleTest) cost more CPU than most files' own code, so a TAMP target compiles its files
# a few to a unit. Files of one target must then not define the same name in anonymous namespaces, nor macros that
# the next file would see. Off: every file compiled on its own, as a check that each still does.
option(TAMP_UNITY_BUILD "Compile each TAMP target's files a few to a unit (CMake UNITY_BUILD)" ON)
set(TAMP_UNITY_BATCH_SIZE 8)

# The target's files that no earlier call put in a unity group, in groups of TAMP_UNITY_BATCH_SIZE (in the order of
# the target's sources). Groups rather than CMake's batches, so that a target can also have a group of its own.
function(tamp_unity target)
  if(NOT TAMP_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  get_target_property(_sources ${target} SOURCES)
  set(_count 0)
  foreach(_source IN LISTS _sources)
    get_source_file_property(_group ${_source} UNITY_GROUP)
    if(NOT _source MATCHES "\\.cpp$" OR _group)
      continue()
    endif()
    # The apps' kernels (<name>_kernel_<backend>.cpp) stay alone: their loops compiled as the benchmarks measure them.
    if(_source MATCHES "_kernel_[a-z]+\\.cpp$")
      set_source_files_properties(${_source} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
      continue()
    endif()
    math(EXPR _batch "${_count} / ${TAMP_UNITY_BATCH_SIZE}")
    set_source_files_properties(${_source} PROPERTIES UNITY_GROUP ${target}-${_batch})
    math(EXPR _count "${_count} + 1")
  endforeach()
endfunction()

# CLI11 is header-only and costs about 4 s of CPU in every file that includes it (its validators and help formatter
# are compiled again each time): a target's files that include it are compiled as one unit, whatever their number,
# and its other files in batches (tamp_unity).
function(tamp_cli_group target)
  if(TAMP_UNITY_BUILD)
    set_source_files_properties(${ARGN} PROPERTIES UNITY_GROUP cli)
  endif()
  tamp_unity(${target})
endfunction()
