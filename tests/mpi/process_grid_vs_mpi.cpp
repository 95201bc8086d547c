// tamp::process_grid against the MPI library's MPI_Dims_create, for every job of 1 to 5,000 ranks in 1 to 4
// dimensions: the grid `tamp-map grids` gives the campaign's decks is the one MPI gives (Open MPI's rule;
// MPICH may differ, and this test says where).
#include <mpi.h>

#include <cstdio>
#include <vector>

#include "tamp/process_grid.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int differ = 0;
  for (int d = 1; d <= 4; ++d)
    for (int ranks = 1; ranks <= 5000; ++ranks) {
      std::vector<int> mpi(static_cast<std::size_t>(d), 0);
      MPI_Dims_create(ranks, d, mpi.data());
      if (mpi != tamp::process_grid(ranks, d) && differ++ < 5)
        std::printf("differ: %d ranks in %d dimensions\n", ranks, d);
    }
  if (differ == 0) std::printf("process grids agree with MPI_Dims_create\n");
  MPI_Finalize();
  return differ == 0 ? 0 : 1;
}
