// The process grid of a job of `ranks` ranks: what MPI_Dims_create gives (Open MPI's rule), computed without
// MPI so that tamp-map can answer it (`tamp-map grids`) and the apps and the campaign's decks use one grid.
#pragma once
#include <vector>

namespace tamp {

/// A balanced grid of `ndims` extents whose product is `ranks`, largest extent first: the prime factors of
/// `ranks`, largest first, each multiplied into the extent that is smallest so far. Equals Open MPI's
/// MPI_Dims_create(ranks, ndims, {0, ...}). Throws std::invalid_argument for ranks < 1 or ndims < 1.
std::vector<int> process_grid(int ranks, int ndims);

}  // namespace tamp
