# Reports and machine files of the MPI programs: a write error is one agreed error line naming the option and file,
# and a report folder that does not exist is refused before the run (docs/mapping.md, "Outputs are written whole
# or not at all").
if(EXISTS /dev/full)
  tamp_add_mpi_error_test(NAME outputs-stencil-json-dev-full RANKS 2 REGEX "--json: cannot write '/dev/full': No space"
                          COMMAND tamp-stencil --stencil 7 --local 4x4x4 --iterations 2 --json /dev/full)
  tamp_add_mpi_error_test(NAME outputs-topo-dev-full RANKS 2 REGEX "--out: cannot write '/dev/full': No space"
                          COMMAND tamp-topo --out /dev/full)
  tamp_add_mpi_error_test(NAME outputs-halo-yaml-dev-full RANKS 2 REGEX "--yaml: cannot write '/dev/full': No space"
                          COMMAND tamp-halo --nx 8 --ny 8 --nz 8 --num_tsteps 2 --yaml /dev/full)
endif()
tamp_add_mpi_error_test(NAME outputs-halo-yaml-missing-folder RANKS 2
                        REGEX "--yaml: cannot write '/nonexistent-tamp-folder/r.yaml'"
                        COMMAND tamp-halo --nx 8 --ny 8 --nz 8 --yaml /nonexistent-tamp-folder/r.yaml)
