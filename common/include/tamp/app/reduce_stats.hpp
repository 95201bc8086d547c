// Minimum, mean and maximum of per-rank values, in one reduction.
#pragma once
#include <mpi.h>

#include <vector>

#include "tamp/app/stats.hpp"

namespace tamp::app {

/// Collective on `comm`: element-wise statistics of `values` over the ranks (every rank gets them; one
/// MPI_Allreduce with a user-defined operation on (min, sum, max) triples). All ranks pass the same count.
std::vector<Stats> reduce_stats(const std::vector<double>& values, MPI_Comm comm);

}  // namespace tamp::app
