# The simulated machine (docs/simulation.md): every app built a second time with SimGrid's smpicxx, so that smpirun
# runs it unchanged on a generated platform.
#
# In the main build (SimGrid found, TAMP_ENABLE_SIM on): an ExternalProject `tamp-sim` configures this same source
# tree in <build>/sim with CMAKE_CXX_COMPILER=smpicxx, tests, benchmarks and Kokkos off, and builds the apps and the
# ring and collectives programs of tests/sim there. TAMP_SIM_BINARY_DIR names that folder (apps in apps/<app>/tamp-<app>).
# It links this build's mapping library rather than compiling it again (below; docs/simulation.md).
# In that second build (TAMP_SIM_SUBBUILD): only those two test programs, and tamp-sim-all, are added here.
#
# smpicxx force-includes smpi_helpers.h, whose function-like macros (exit, sleep, malloc...) break CLI11 and the
# standard headers; SMPI_PRETEND_CC=1 drops that header at compile time only (links still go through smpicxx, which
# makes the shared object smpirun loads). The apps time with MPI_Wtime, which SMPI simulates either way.
# TAMP_SMPI=1 is defined in that build: SMPI grants MPI_THREAD_SINGLE only, and common/src/mpi_guard.cpp asks for no
# more there (simulated runs use one OpenMP thread per rank).
option(TAMP_ENABLE_SIM "Build the apps with smpicxx too, for simulated runs (when SimGrid is found)" ON)
set(TAMP_SIM_SUBBUILD OFF CACHE BOOL "Internal: this is the smpicxx build of the apps")
mark_as_advanced(TAMP_SIM_SUBBUILD)

set(TAMP_SIM_APPS)
foreach(app stencil halo lanczos mesh fft netbench replay)
  if(EXISTS ${PROJECT_SOURCE_DIR}/apps/${app}/CMakeLists.txt)
    list(APPEND TAMP_SIM_APPS ${app})
  endif()
endforeach()

if(TAMP_SIM_SUBBUILD)
  add_executable(tamp-sim-ring ${PROJECT_SOURCE_DIR}/tests/sim/ring.cpp)
  target_link_libraries(tamp-sim-ring PRIVATE MPI::MPI_CXX)
  tamp_warnings(tamp-sim-ring)
  add_executable(tamp-sim-collectives ${PROJECT_SOURCE_DIR}/tests/sim/collectives.cpp)
  target_link_libraries(tamp-sim-collectives PRIVATE MPI::MPI_CXX)
  tamp_warnings(tamp-sim-collectives)
  # What the main build asks for, as one target: make builds the goals of one command line one after the other
  # (CMake's Makefiles are .NOTPARALLEL), leaving a core idle at the end of each app; one goal keeps both busy.
  add_custom_target(tamp-sim-all)
  add_dependencies(tamp-sim-all tamp-sim-ring tamp-sim-collectives tamp-topo)
  foreach(app ${TAMP_SIM_APPS})
    if(TARGET tamp-${app})
      add_dependencies(tamp-sim-all tamp-${app})
    endif()
  endforeach()
  return()
endif()

set(TAMP_HAVE_SIM_BUILD OFF)
if(NOT (TAMP_ENABLE_SIM AND TAMP_HAVE_SIMGRID AND TAMP_ENABLE_MPI) OR TAMP_SANITIZE)
  return()
endif()
find_program(SMPICC_EXECUTABLE smpicc)
if(NOT SMPICC_EXECUTABLE)
  return()
endif()

include(ExternalProject)
# The nested build cannot join make's jobserver (a `cmake --build` command, not $(MAKE)): give it the cores itself.
include(ProcessorCount)
ProcessorCount(_jobs)
if(_jobs EQUAL 0)
  set(_jobs 2)
endif()
set(TAMP_HAVE_SIM_BUILD ON)
set(TAMP_SIM_BINARY_DIR ${PROJECT_BINARY_DIR}/sim)
# The mapping library has no MPI and no TAMP_SMPI, and smpicxx adds only -fPIC to this build's flags (the library is
# position-independent anyway): the sim build links this build's library rather than compiling its 93 files again,
# when both builds would compile them alike (Release, the compiler that smpicxx runs, no extra flags).
execute_process(COMMAND ${SMPICXX_EXECUTABLE} -show OUTPUT_VARIABLE _smpicxx_line ERROR_QUIET)
string(REGEX MATCH "^[^ \n]+" _smpicxx_cxx "${_smpicxx_line}")
file(REAL_PATH "${_smpicxx_cxx}" _smpicxx_cxx)
file(REAL_PATH "${CMAKE_CXX_COMPILER}" _host_cxx)
get_target_property(_mapping_type tamp_mapping TYPE)
set(_sim_mapping -DTAMP_SIM_MAPPING_LIBRARY=)  # empty: compile it there (and clear an earlier configure's path)
set(_sim_depends)
if(_smpicxx_cxx STREQUAL _host_cxx AND CMAKE_BUILD_TYPE STREQUAL "Release" AND NOT CMAKE_CXX_FLAGS
   AND CMAKE_CXX_FLAGS_RELEASE STREQUAL "-O3 -DNDEBUG" AND _mapping_type STREQUAL "STATIC_LIBRARY")
  set(_sim_mapping -DTAMP_SIM_MAPPING_LIBRARY=$<TARGET_FILE:tamp_mapping>)
  set(_sim_depends DEPENDS tamp_mapping)
endif()
ExternalProject_Add(tamp-sim
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${TAMP_SIM_BINARY_DIR}
  LIST_SEPARATOR |
  CMAKE_ARGS -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${SMPICXX_EXECUTABLE}
             -DCMAKE_C_COMPILER=${SMPICC_EXECUTABLE}
             -DCMAKE_CXX_COMPILER_LAUNCHER=env|SMPI_PRETEND_CC=1 -DCMAKE_C_COMPILER_LAUNCHER=env|SMPI_PRETEND_CC=1
             -DCMAKE_CXX_FLAGS=-DTAMP_SMPI=1 -DTAMP_SIM_SUBBUILD=ON
             -DTAMP_ENABLE_TESTS=OFF -DTAMP_ENABLE_BENCHMARKS=OFF -DTAMP_ENABLE_KOKKOS=OFF
             -DTAMP_WERROR=${TAMP_WERROR} -DTAMP_UNITY_BUILD=${TAMP_UNITY_BUILD} ${_sim_mapping}
  ${_sim_depends}
  BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target tamp-sim-all --parallel ${_jobs}
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON
  USES_TERMINAL_BUILD ON)

# The main job's build (scripts/run-main.sh) as one goal: make builds a command line's goals one after the other, so
# with three goals tamp-map would be finished before the sim build could start beside it. The native apps are in it
# too: the campaign asks each app for its task graph (`--task-graph-for`) to write the placements' hostfiles.
if(TARGET tamp-simgrid-platform)
  add_custom_target(tamp-main-job)
  add_dependencies(tamp-main-job tamp-map tamp-sim tamp-simgrid-platform)
  foreach(app ${TAMP_SIM_APPS})
    if(TARGET tamp-${app})
      add_dependencies(tamp-main-job tamp-${app})
    endif()
  endforeach()
endif()
