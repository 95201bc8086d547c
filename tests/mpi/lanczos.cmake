# --- tamp-lanczos -----------------------------------------------------------------------------------------------
# Included by tests/mpi/CMakeLists.txt. Grids n_d = 1..4 (1, 3, 6, 10 ranks), tiny matrices: the whole set takes
# well under a minute on two cores.
if(NOT TARGET tamp-lanczos)
  return()
endif()
set(_lz_fail "does NOT validate|not verified|error:")
set(_lz_inputs ${PROJECT_SOURCE_DIR}/inputs/lanczos)

# The sample runs of main.cpp, exactly as written there (the main job is too big for CI).
tamp_add_sample_tests(APP lanczos MAX_RANKS 10 FAIL "${_lz_fail}")

# Module mappings on each layout, n_d = 4 on an inline machine, Matrix Market input in both storage forms.
tamp_add_mpi_test(NAME lanczos-mappings-lower-6r RANKS 6
                  COMMAND tamp-lanczos --matrix laplace:6x4x2 --iterations 44 --ordering cm
                          --compare default,auto)
tamp_add_mpi_test(NAME lanczos-mappings-bdm-6r RANKS 6
                  COMMAND tamp-lanczos --matrix laplace:6x4x2 --iterations 44 --ordering bdm --compare default,blocked+refine)
tamp_add_mpi_test(NAME lanczos-cm-10r RANKS 10
                  COMMAND tamp-lanczos --matrix laplace:11x4 --iterations 40 --ordering cm --eigenvalues 2
                          --compare default,auto --topology synthetic:torus:2x2x2,cores=2)
tamp_add_mpi_test(NAME lanczos-mm-symmetric-3r RANKS 3
                  COMMAND tamp-lanczos --matrix mm:${_lz_inputs}/chain-40.mtx --iterations 38 --eigenvalues 3)
tamp_add_mpi_test(NAME lanczos-mm-general-6r RANKS 6
                  COMMAND tamp-lanczos --matrix mm:${_lz_inputs}/chain-40-general.mtx --iterations 38 --permute-seed 0
                          --ordering bcm)
set_tests_properties(lanczos-mappings-lower-6r lanczos-mappings-bdm-6r lanczos-cm-10r lanczos-mm-symmetric-3r
                     lanczos-mm-general-6r PROPERTIES FAIL_REGULAR_EXPRESSION "${_lz_fail}")

# The orderings by name (the harness's app mappings): every ordering of the lower layout in one job, each placement
# checked against the first one's eigenvalues; BCM beside a module mapping; an ordering of another layout.
tamp_add_mpi_test(NAME lanczos-orderings-lower-6r RANKS 6
                  COMMAND tamp-lanczos --matrix laplace:6x4x2 --iterations 44 --ordering dm --compare dm,cm,auto)
tamp_add_mpi_test(NAME lanczos-orderings-bcm-6r RANKS 6
                  COMMAND tamp-lanczos --matrix laplace:6x4x2 --iterations 44 --ordering bcm --compare bcm,auto+refine)
set_tests_properties(lanczos-orderings-lower-6r lanczos-orderings-bcm-6r PROPERTIES FAIL_REGULAR_EXPRESSION "${_lz_fail}")
# NaN and inf pass CLI11's sign check; -1 its reading of an unsigned seed (2^64 - 1).
tamp_add_mpi_error_test(NAME lanczos-error-tolerance-nan RANKS 1 REGEX "--tolerance: must be a finite number, not 'nan'"
                        COMMAND tamp-lanczos --tolerance nan)
tamp_add_mpi_error_test(NAME lanczos-error-tolerance-inf RANKS 1 REGEX "--tolerance: must be a finite number, not 'inf'"
                        COMMAND tamp-lanczos --tolerance inf)
tamp_add_mpi_error_test(NAME lanczos-error-permute-seed-negative RANKS 1
                        REGEX "--permute-seed: must be an integer of 0 or more, not '-1'"
                        COMMAND tamp-lanczos --permute-seed -1)
tamp_add_mpi_error_test(NAME lanczos-error-ordering-layout RANKS 3 REGEX "unknown mapping 'bcm'.*also offers: dm, cm"
                        COMMAND tamp-lanczos --matrix laplace:10x10 --iterations 5 --compare dm,bcm)

# Too few steps: the lowest eigenvalues have not converged and the run must not validate.
tamp_add_mpi_test(NAME lanczos-not-converged RANKS 3 COMMAND tamp-lanczos --matrix laplace:30x20 --iterations 5)
set_tests_properties(lanczos-not-converged PROPERTIES PASS_REGULAR_EXPRESSION "does NOT validate.*did not converge")

# Same eigenvalues (to rounding) under every layout and backend: JSON Lines of the runs, then the check.
set(_lz_json ${CMAKE_CURRENT_BINARY_DIR}/lanczos-report.jsonl)
add_test(NAME lanczos-json-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${_lz_json})
set_tests_properties(lanczos-json-clean PROPERTIES FIXTURES_SETUP lanczos-json-clean LABELS mpi)
set(_lz_runs 0)
set(_lz_previous "")
foreach(variant dm cm bdm bcm threads kokkos)
  set(_args --matrix random:80,density=0.15,seed=3 --iterations 60 --eigenvalues 3 --json ${_lz_json})
  set(_ranks 6)
  if(variant STREQUAL "threads")
    set(_ranks 1)  # another grid (n_d = 1) and two OpenMP threads
    list(APPEND _args --ordering cm)
  elseif(variant STREQUAL "kokkos")
    if(NOT TAMP_HAVE_KOKKOS)
      continue()
    endif()
    list(APPEND _args --ordering bcm --backend kokkos)
  else()
    list(APPEND _args --ordering ${variant})
  endif()
  tamp_add_mpi_test(NAME lanczos-json-${variant} RANKS ${_ranks} COMMAND tamp-lanczos ${_args})
  if(variant STREQUAL "threads")
    set_tests_properties(lanczos-json-threads PROPERTIES ENVIRONMENT "OMP_NUM_THREADS=2;OMP_WAIT_POLICY=passive")
  endif()
  set_tests_properties(lanczos-json-${variant} PROPERTIES FIXTURES_REQUIRED lanczos-json-clean
                       FIXTURES_SETUP lanczos-json FAIL_REGULAR_EXPRESSION "${_lz_fail}" DEPENDS "${_lz_previous}")
  set(_lz_previous lanczos-json-${variant})
  math(EXPR _lz_runs "${_lz_runs} + 1")
endforeach()
if(Python3_Interpreter_FOUND)
  add_test(NAME lanczos-json-check
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_json_report.py ${_lz_json} ${_lz_runs}
                   --app lanczos --comm collective)
  add_test(NAME lanczos-json-same-eigenvalues
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/apps/lanczos/compare_eigenvalues.py ${_lz_json}
                   ${_lz_runs})
  set_tests_properties(lanczos-json-check lanczos-json-same-eigenvalues PROPERTIES FIXTURES_REQUIRED lanczos-json
                       LABELS mpi)
endif()
if(NOT TAMP_HAVE_KOKKOS)
  tamp_add_mpi_error_test(NAME lanczos-error-no-kokkos RANKS 1 REGEX "no Kokkos backend"
                          COMMAND tamp-lanczos --matrix laplace:10 --iterations 5 --backend kokkos)
endif()

# Bad input: one line naming the cause, non-zero exit status.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/lanczos-unsymmetric.mtx
     "%%MatrixMarket matrix coordinate real general\n3 3 5\n1 1 2\n2 1 -1\n1 2 -1\n3 2 -1\n2 3 -0.5\n")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/lanczos-malformed.mtx
     "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 1 2\n2 x -1\n3 3 2\n")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/lanczos-short.mtx
     "%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 2\n2 1 -1\n3 3 2\n")
tamp_add_mpi_error_test(NAME lanczos-error-ranks RANKS 4 REGEX "4 ranks do not form a triangular processor grid"
                        COMMAND tamp-lanczos --matrix laplace:10x10)
tamp_add_mpi_error_test(NAME lanczos-error-unsymmetric RANKS 1
                        REGEX "lanczos-unsymmetric.mtx:7: the matrix is not symmetric: entry \\(3,2\\) = -1 but \\(2,3\\) = -0.5"
                        COMMAND tamp-lanczos --matrix mm:${CMAKE_CURRENT_BINARY_DIR}/lanczos-unsymmetric.mtx)
tamp_add_mpi_error_test(NAME lanczos-error-malformed RANKS 3 REGEX "lanczos-malformed.mtx:4: bad entry '2 x -1'"
                        COMMAND tamp-lanczos --matrix mm:${CMAKE_CURRENT_BINARY_DIR}/lanczos-malformed.mtx)
tamp_add_mpi_error_test(NAME lanczos-error-short RANKS 1 REGEX "lanczos-short.mtx:5: the file ends after 3 of 4 entries"
                        COMMAND tamp-lanczos --matrix mm:${CMAKE_CURRENT_BINARY_DIR}/lanczos-short.mtx)
tamp_add_mpi_error_test(NAME lanczos-error-missing-file RANKS 1 REGEX "nosuch.mtx:0: cannot open"
                        COMMAND tamp-lanczos --matrix mm:nosuch.mtx)
tamp_add_mpi_error_test(NAME lanczos-error-balanced-even RANKS 3 REGEX "--ordering bcm needs an odd n_d"
                        COMMAND tamp-lanczos --matrix laplace:10x10 --ordering bcm)
tamp_add_mpi_error_test(NAME lanczos-error-matrix-kind RANKS 1 REGEX "--matrix poisson:10: unknown kind 'poisson'"
                        COMMAND tamp-lanczos --matrix poisson:10)
tamp_add_mpi_error_test(NAME lanczos-error-steps RANKS 1 REGEX "more than the dimension 20"
                        COMMAND tamp-lanczos --matrix laplace:20 --iterations 30)
tamp_add_mpi_error_test(NAME lanczos-error-density RANKS 1 REGEX "density '1.5' is not in .0, 1."
                        COMMAND tamp-lanczos --matrix random:100,density=1.5)
tamp_add_mpi_error_test(NAME lanczos-error-shape-computed RANKS 1
                        REGEX "--matrix shape:2000,nonzeros=9000 has no entries to compute on: it runs under --engine flow only"
                        COMMAND tamp-lanczos --matrix shape:2000,nonzeros=9000)
tamp_add_mpi_error_test(NAME lanczos-error-collectives-computed RANKS 1
                        REGEX "--collectives mpich is a model of the flow engine .--engine flow."
                        COMMAND tamp-lanczos --matrix laplace:10 --collectives mpich)
tamp_add_mpi_error_test(NAME lanczos-error-collectives-name RANKS 1
                        REGEX "unknown MFDn collectives 'tree' .expected binomial or mpich."
                        COMMAND tamp-lanczos --matrix laplace:10 --collectives tree)
tamp_add_mpi_error_test(NAME lanczos-error-shape-count RANKS 1
                        REGEX "1999 stored non-zeros do not fit a lower triangle of dimension 2000"
                        COMMAND tamp-lanczos --matrix shape:2e3,nonzeros=1999 --engine flow --ranks 28
                                --compute-model nonzero=1e-8,tridiagonal=1e-8,vector=1e-9)
tamp_add_mpi_error_test(NAME lanczos-error-shape-number RANKS 1 REGEX "dimension '45.5' is not a whole number"
                        COMMAND tamp-lanczos --matrix shape:45.5,nonzeros=900)

# tamp-lanczos-groups (no MPI): [Aktulga12]'s anchor for test_276 on Hopper — BCM's column groups stay inside nodes
# (D = T = X = 0), DM's do not.
add_test(NAME lanczos-groups-hopper-276
         COMMAND tamp-lanczos-groups --nd 23 --machine ${PROJECT_SOURCE_DIR}/inputs/machines/hopper.machine --runs dm,bcm)
set_tests_properties(lanczos-groups-hopper-276 PROPERTIES LABELS "lanczos"
                     PASS_REGULAR_EXPRESSION "dm +0\\.76 +38\\.6 +62\\.0 .*bcm +0\\.00 +0\\.0 +0\\.0 ")
# The same figures as JSON Lines (scripts/fidelity.py reads them): one object per run, keys sorted.
add_test(NAME lanczos-groups-json
         COMMAND tamp-lanczos-groups --nd 23 --machine ${PROJECT_SOURCE_DIR}/inputs/machines/hopper.machine --runs dm,bcm
                 --json)
set_tests_properties(lanczos-groups-json PROPERTIES LABELS "lanczos" PASS_REGULAR_EXPRESSION
  "^{\"column\":{\"D\":0\\.76[0-9]*,[^\n]*\"run\":\"dm\"}\n{\"column\":{\"D\":0\\.0,\"T\":0\\.0,\"X\":0\\.0,[^\n]*\"run\":\"bcm\"}\n$")
tamp_add_mpi_error_test(NAME lanczos-groups-error-ordering RANKS 1 REGEX "unknown MFDn ordering 'xm'"
                        COMMAND tamp-lanczos-groups --nd 5 --machine ${PROJECT_SOURCE_DIR}/inputs/machines/hopper.machine --runs xm)
# A run that fails after others succeeded leaves no part of the table: every run is checked, then computed, then
# the output printed whole.
tamp_add_mpi_error_test(NAME lanczos-groups-error-late-layout RANKS 1 NO_STDOUT REGEX "bdm needs an odd nd, not 4"
                        COMMAND tamp-lanczos-groups --nd 4 --machine ${PROJECT_SOURCE_DIR}/inputs/machines/hopper.machine --runs dm,bdm)
tamp_add_mpi_error_test(NAME lanczos-groups-error-late-mapping RANKS 1 NO_STDOUT REGEX "unknown mapping 'xx'"
                        COMMAND tamp-lanczos-groups --nd 5 --machine ${PROJECT_SOURCE_DIR}/inputs/machines/hopper.machine --runs dm,dm/xx
                                --json)
# --n is a whole number of elements: a negative, fractional or huge one is refused (CLI11's own message), not read
# as the default or wrapped.
foreach(_n -5 nan 1e300 2.5)
  add_test(NAME lanczos-groups-error-n-${_n}
           COMMAND tamp-lanczos-groups --nd 5 --machine ${PROJECT_SOURCE_DIR}/inputs/machines/hopper.machine --n ${_n})
  set_tests_properties(lanczos-groups-error-n-${_n} PROPERTIES LABELS "lanczos"
                       PASS_REGULAR_EXPRESSION "--n: must be an integer of 0 or more, not '${_n}'")
endforeach()
add_test(NAME lanczos-groups-error-n-range
         COMMAND tamp-lanczos-groups --nd 5 --machine ${PROJECT_SOURCE_DIR}/inputs/machines/hopper.machine
                 --n 9007199254740993)
set_tests_properties(lanczos-groups-error-n-range PROPERTIES LABELS "lanczos"
                     PASS_REGULAR_EXPRESSION "--n: Value 9007199254740993 not in range 0 to 9007199254740992")

# The campaign deck's run on n_d = 3 (6 ranks) hands the mappers the graph of the deck's `graph` line (params.graph,
# and the phases the app evaluated are those `tamp-map gen` writes for it).
include(${CMAKE_CURRENT_LIST_DIR}/task_graph.cmake)
tamp_add_task_graph_test(APP lanczos RANKS 6 SUBST "nd=3" FAIL "${_lz_fail}")

# --flow-steps: 5 of the 20 steps simulated give every step's time per step and communication within 2% (the
# flow engine in this one process, no MPI job).
if(Python3_Interpreter_FOUND)
  add_test(NAME lanczos-flow-steps
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/flow_steps.py 5
                   ${CMAKE_CURRENT_BINARY_DIR}/lanczos-flow-steps
                   -- $<TARGET_FILE:tamp-lanczos> --matrix laplace:12x12x12 --iterations 20 --ordering dm
                      --compute-model nonzero=1.7e-08,tridiagonal=4.13e-08,vector=1.94e-09 --engine flow --ranks 28
                      --topology synthetic:torus:4x4x4,cores=4)
  # A shape: matrix (dimension and non-zeros alone) runs like a random matrix of the same dimension and expected
  # non-zeros, within 3% (the random one's blocks are counted, the shape's expected).
  add_test(NAME lanczos-flow-shape
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/lanczos_shape.py 2000 0.05
                   ${CMAKE_CURRENT_BINARY_DIR}/lanczos-flow-shape
                   -- $<TARGET_FILE:tamp-lanczos> --iterations 20 --ordering bcm
                      --compute-model nonzero=1.7e-08,tridiagonal=4.13e-08,vector=1.94e-09 --engine flow --ranks 28
                      --topology synthetic:torus:4x4x4,cores=4)
  set_tests_properties(lanczos-flow-steps lanczos-flow-shape PROPERTIES LABELS mpi
                       ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
endif()
