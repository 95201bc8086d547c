# Checked before the first run: --compare entries (a bad one stops the job before anything is measured) and
# limits such as the memory of a generated mesh (refused at once, with the estimate).
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/compare-twice.map "0\n0\n")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/compare-short.map "0\n")
tamp_add_mpi_error_test(NAME compare-error-file-slot-twice RANKS 2
                        REGEX "--compare entry 'file:.*compare-twice.map': mapping: slot 0 holds 2 tasks"
                        COMMAND tamp-stencil --stencil 7 --local 4x4x4
                                --compare default,file:${CMAKE_CURRENT_BINARY_DIR}/compare-twice.map)
tamp_add_mpi_error_test(NAME compare-error-file-short RANKS 2
                        REGEX "--compare entry 'file:.*compare-short.map': .*has 1 lines, the job has 2 tasks"
                        COMMAND tamp-stencil --stencil 7 --local 4x4x4
                                --compare default,file:${CMAKE_CURRENT_BINARY_DIR}/compare-short.map)

# Limits checked before the work: a generated mesh no rank can hold is refused at once, with its estimate.
tamp_add_mpi_error_test(NAME mesh-error-memory-estimate RANKS 1
                        REGEX "--elements 200000000: about 120.0 GB per rank \\(every rank builds the whole 3D mesh"
                        COMMAND tamp-mesh --dims 3 --elements 200000000)
tamp_add_mpi_error_test(NAME lanczos-error-memory-estimate RANKS 1
                        REGEX "--matrix laplace:3000x3000x3000 with --warmup 1 --iterations 200: about .* GB per rank"
                        COMMAND tamp-lanczos --matrix laplace:3000x3000x3000)
tamp_add_mpi_error_test(NAME stencil-error-memory-estimate RANKS 1
                        REGEX "--local 1200x1200x1200: about .* GB per rank \\(two fields of 1200x1200x1200 cells"
                        COMMAND tamp-stencil --stencil 7 --local 1200x1200x1200)
tamp_add_mpi_error_test(NAME fft-error-memory-estimate RANKS 1
                        REGEX "--size 1024x1024x512 on 1 ranks: about .* GB per rank \\(6 arrays of up to 536870912"
                        COMMAND tamp-fft --size 1024x1024x512)
tamp_add_mpi_error_test(NAME halo-error-memory-estimate RANKS 1
                        REGEX "--num_vars 40 with 1200x1200x1200 cells per rank: about .* GB per rank \\(41 blocks"
                        COMMAND tamp-halo --nx 1200 --ny 1200 --nz 1200 --num_vars 40)
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/huge-count.mtx
     "%%MatrixMarket matrix coordinate real symmetric\n1000 1000 99999999999\n1 1 2.0\n")
tamp_add_mpi_error_test(NAME lanczos-error-mm-count RANKS 1
                        REGEX "huge-count.mtx:3: the file ends after 1 of 99999999999 entries"
                        COMMAND tamp-lanczos --matrix mm:${CMAKE_CURRENT_BINARY_DIR}/huge-count.mtx)
# 0 is not "not given": tamp-halo refuses it for the sizes that default when left out.
foreach(_option ndim npx npdim)
  tamp_add_mpi_error_test(NAME halo-error-zero-${_option} RANKS 1 REGEX "--${_option}: Value 0 not in range 1"
                          COMMAND tamp-halo --${_option} 0)
endforeach()
tamp_add_mpi_error_test(NAME compare-error-empty-entry RANKS 2 REGEX "--compare: an empty entry"
                        COMMAND tamp-stencil --stencil 7 --local 4x4x4 --compare default,,blocked)
# --seed is unsigned: CLI11 alone would read -1 as 2^64 - 1 (tamp::cli::unsigned_integer, shared with tamp-map).
tamp_add_mpi_error_test(NAME seed-error-negative RANKS 1 REGEX "--seed: must be an integer of 0 or more, not '-1'"
                        COMMAND tamp-stencil --seed -1)
# A placement listed twice would run and be reported twice (the campaign refuses the same).
tamp_add_mpi_error_test(NAME compare-error-duplicate RANKS 2 REGEX "--compare: lists default twice"
                        COMMAND tamp-stencil --stencil 7 --local 4x4x4 --compare default,blocked,default)
# NaN passes a range check made of comparisons; auto would then keep default silently.
tamp_add_mpi_error_test(NAME min-gain-error-nan RANKS 1 REGEX "--min-gain: must be a finite number in \\[0, 1\\], not nan"
                        COMMAND tamp-stencil --min-gain nan)
# --json targets that fail only once written (a folder, a full device) are refused before anything else: before
# the unknown mapping, found once the problem is built.
tamp_add_mpi_error_test(NAME json-error-folder RANKS 2 REGEX "--json: cannot write '.*': Is a directory"
                        COMMAND tamp-stencil --stencil 7 --local 4x4x4 --mapping nosuch --json ${CMAKE_CURRENT_BINARY_DIR})
tamp_add_mpi_error_test(NAME json-error-dev-full RANKS 2 REGEX "--json: cannot write '/dev/full': No space left"
                        COMMAND tamp-stencil --stencil 7 --local 4x4x4 --mapping nosuch --json /dev/full)
