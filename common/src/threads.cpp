// Default OpenMP threads per rank: share the node's cores among its ranks.
#include "tamp/app/threads.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdlib>

namespace tamp::app {

int set_default_threads(MPI_Comm world) {
  // Ranks on this node (collective on world, so every rank calls it even when the user set the thread count).
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int ranks_on_node = 1;
  MPI_Comm_size(node, &ranks_on_node);
  MPI_Comm_free(&node);
  const char* requested = std::getenv("OMP_NUM_THREADS");
  if (requested == nullptr || *requested == '\0') {
    omp_set_num_threads(std::max(1, omp_get_num_procs() / ranks_on_node));
  }
  return omp_get_max_threads();
}

}  // namespace tamp::app
