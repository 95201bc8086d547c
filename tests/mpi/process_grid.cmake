# tamp::process_grid (what `tamp-map grids` answers, the stencil's default grid) equals MPI_Dims_create.
add_executable(tamp-process-grid-vs-mpi ${CMAKE_CURRENT_SOURCE_DIR}/process_grid_vs_mpi.cpp)
target_link_libraries(tamp-process-grid-vs-mpi PRIVATE tamp_mapping MPI::MPI_CXX)
tamp_warnings(tamp-process-grid-vs-mpi)
tamp_add_mpi_output_test(NAME process-grid-is-mpi-dims-create RANKS 1
                         PASS "process grids agree with MPI_Dims_create" FAIL "differ:"
                         COMMAND tamp-process-grid-vs-mpi)
