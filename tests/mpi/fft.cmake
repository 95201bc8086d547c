# --- tamp-fft ---------------------------------------------------------------------------------------------------
# Every run verifies (forward + backward returns the input; a forward transform agrees with a serial FFTW transform of
# the gathered array) and exits non-zero when it does not. Tiny sizes, not powers of two, not cubes.
if(NOT TARGET tamp-fft)
  return()
endif()
set(_fft_fail "does NOT validate|not verified|error:")

# 1, 2, 4 and 8 ranks: slab and pencil, blocking and overlapped transposes, each under two placements.
tamp_add_mpi_test(NAME fft-1r COMMAND tamp-fft --size 6x10x7 --iterations 2 --plan estimate RANKS 1)
foreach(ranks 2 4 8)
  foreach(transpose blocking overlap)
    tamp_add_mpi_test(NAME fft-slab-${transpose}-${ranks}r RANKS ${ranks}
                      COMMAND tamp-fft --size 9x10x11 --decomposition slab --transpose ${transpose} --tile 1
                              --window 3 --iterations 2 --plan estimate --compare default,random)
    tamp_add_mpi_test(NAME fft-pencil-${transpose}-${ranks}r RANKS ${ranks}
                      COMMAND tamp-fft --size 12x9x10 --transpose ${transpose} --tile 1 --iterations 2
                              --plan estimate --compare default,blocked)
    set_tests_properties(fft-slab-${transpose}-${ranks}r fft-pencil-${transpose}-${ranks}r PROPERTIES
                         FAIL_REGULAR_EXPRESSION "${_fft_fail}")
  endforeach()
endforeach()
set_tests_properties(fft-1r PROPERTIES FAIL_REGULAR_EXPRESSION "${_fft_fail}")
# Odd grids and modes: 3 ranks (slab of a prime count), a 3x2 pencil grid, tiles with a remainder, no progression.
tamp_add_mpi_test(NAME fft-pencil-3x2 RANKS 6
                  COMMAND tamp-fft --size 7x8x9 --grid 3x2 --tile 2 --window 2 --iterations 2 --plan estimate)
tamp_add_mpi_test(NAME fft-3r-progress-none RANKS 3
                  COMMAND tamp-fft --size 10x9x8 --progress none --tile 3 --iterations 2 --plan estimate)
tamp_add_mpi_test(NAME fft-autotune RANKS 4 COMMAND tamp-fft --size 8x6x8 --autotune --iterations 1 --plan estimate)
# Degenerate grids: 1x4 (the column transposes are the identity: Z shares Y's array) and 4x1 as a pencil grid
# (the row transposes are), both transposes of each kind, uneven blocks.
foreach(grid 1x4 4x1)
  foreach(transpose blocking overlap)
    tamp_add_mpi_test(NAME fft-grid-${grid}-${transpose} RANKS 4
                      COMMAND tamp-fft --size 13x11x7 --grid ${grid} --transpose ${transpose} --tile 1
                              --iterations 2 --plan estimate)
    set_tests_properties(fft-grid-${grid}-${transpose} PROPERTIES FAIL_REGULAR_EXPRESSION "${_fft_fail}")
  endforeach()
endforeach()
# Padded slices (Layout::padded: slices of a multiple of 256 elements get 8 more): a 32^3 slab, and 33x32x32 on 2x2
# where only some ranks' slices are padded (17 or 16 planes) and tile 16 makes one or two tiles per rank.
foreach(transpose blocking overlap)
  tamp_add_mpi_test(NAME fft-padded-slab-${transpose} RANKS 2
                    COMMAND tamp-fft --size 32 --decomposition slab --transpose ${transpose} --iterations 2
                            --plan estimate)
  tamp_add_mpi_test(NAME fft-padded-pencil-${transpose} RANKS 4
                    COMMAND tamp-fft --size 33x32x32 --grid 2x2 --transpose ${transpose} --tile 16 --iterations 2
                            --plan estimate)
  set_tests_properties(fft-padded-slab-${transpose} fft-padded-pencil-${transpose} PROPERTIES
                       FAIL_REGULAR_EXPRESSION "${_fft_fail}")
endforeach()
set_tests_properties(fft-pencil-3x2 fft-3r-progress-none PROPERTIES FAIL_REGULAR_EXPRESSION "${_fft_fail}")
set_tests_properties(fft-autotune PROPERTIES PASS_REGULAR_EXPRESSION "auto-tuned.*Solution validates"
                     FAIL_REGULAR_EXPRESSION "${_fft_fail}")
# The default pencil grid is the one of least transposed volume: 2x4 for 8 ranks on a cube (ties: more columns).
tamp_add_mpi_test(NAME fft-default-grid RANKS 8 COMMAND tamp-fft --size 8 --iterations 1 --plan estimate)
set_tests_properties(fft-default-grid PROPERTIES PASS_REGULAR_EXPRESSION "pencils on grid 2x4.*Solution validates"
                     FAIL_REGULAR_EXPRESSION "${_fft_fail}")

# The sample runs of main.cpp, exactly as written there.
tamp_add_sample_tests(APP fft FILTER " .*--iterations" FAIL "${_fft_fail}")

# --json: the fields of docs/user-guide.md; placements and backends give bitwise-equal forward transforms (same FFTW
# plans).
set(_fft_json ${CMAKE_CURRENT_BINARY_DIR}/fft-report.jsonl)
add_test(NAME fft-json-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${_fft_json})
set_tests_properties(fft-json-clean PROPERTIES FIXTURES_SETUP fft-json-clean LABELS mpi)
set(_fft_json_args --size 10x8x6 --grid 2x2 --tile 1 --iterations 2 --plan estimate --json ${_fft_json})
tamp_add_mpi_test(NAME fft-json-openmp RANKS 4 COMMAND tamp-fft ${_fft_json_args} --compare default,random)
set_tests_properties(fft-json-openmp PROPERTIES FIXTURES_REQUIRED fft-json-clean FIXTURES_SETUP fft-json)
set(_fft_json_runs 2)
set(_fft_json_mappings default,random)
if(TAMP_HAVE_KOKKOS)
  tamp_add_mpi_test(NAME fft-json-kokkos RANKS 4 COMMAND tamp-fft ${_fft_json_args} --backend kokkos)
  set_tests_properties(fft-json-kokkos PROPERTIES FIXTURES_REQUIRED fft-json-clean FIXTURES_SETUP fft-json
                       DEPENDS fft-json-openmp)
  set(_fft_json_runs 3)
  set(_fft_json_mappings default,random,default)
endif()
if(Python3_Interpreter_FOUND)
  add_test(NAME fft-json-check
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_json_report.py ${_fft_json} ${_fft_json_runs}
                   --app fft --mappings ${_fft_json_mappings} --same-checksum --comm collective)
  set_tests_properties(fft-json-check PROPERTIES FIXTURES_REQUIRED fft-json LABELS mpi)
endif()

# Bad input: one agreed line, non-zero exit status, before any allocation.
tamp_add_mpi_error_test(NAME fft-error-distribute RANKS 4
                        REGEX "--size 3x8x8 cannot be distributed on the process grid 4x1: dimension 0 has 3 planes for 4 rows"
                        COMMAND tamp-fft --size 3x8x8 --decomposition slab)
tamp_add_mpi_error_test(NAME fft-error-tile RANKS 4 REGEX "--tile 5 is larger than the 4 planes"
                        COMMAND tamp-fft --size 8 --grid 2x2 --tile 5)
tamp_add_mpi_error_test(NAME fft-error-mode RANKS 2 REGEX "unknown --transpose mode 'async' \\(blocking \\| overlap\\)"
                        COMMAND tamp-fft --transpose async)
tamp_add_mpi_error_test(NAME fft-error-progress RANKS 2 REGEX "unknown --progress mode 'thread'"
                        COMMAND tamp-fft --progress thread)
tamp_add_mpi_error_test(NAME fft-error-grid RANKS 4 REGEX "--grid 3x2 is not a PRxPC grid of the job's 4 ranks"
                        COMMAND tamp-fft --grid 3x2)
tamp_add_mpi_error_test(NAME fft-error-size RANKS 2 REGEX "--size 8x8: expected N or N0xN1xN2"
                        COMMAND tamp-fft --size 8x8)

# The campaign deck's run on 4 ranks hands the mappers the graph of the deck's `graph` line (params.graph, and the
# phases the app evaluated are those `tamp-map gen` writes for it).
include(${CMAKE_CURRENT_LIST_DIR}/task_graph.cmake)
tamp_add_task_graph_test(APP fft RANKS 4 SUBST "ranks=4" FAIL "${_fft_fail}")
