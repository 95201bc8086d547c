// Communicators of the grid groups and the scatter/gather of the refolded grid.
#include "grid_comms.hpp"

#include <stdexcept>

namespace tamp::lanczos {

GridComms::GridComms(const Grid& grid, MPI_Comm comm) : all_(comm) {
  int task = 0;
  MPI_Comm_rank(comm, &task);
  MPI_Comm_split(comm, grid.col(task), grid.col_key(task), &column_);
  MPI_Comm_split(comm, grid.row(task), grid.row_key(task), &row_);
  const int group = grid.orth_group(task);
  MPI_Comm_split(comm, group, grid.orth_key(task), &orth_);
  const int members = grid.orth_group_size(group);
  for (int k = 0; k < members; ++k) {
    if (grid.segment_size(group) > INT32_MAX)
      throw std::runtime_error("a vector segment exceeds 2^31 entries");
    counts_.push_back(static_cast<int>(grid.piece_size(group, k)));
    displs_.push_back(static_cast<int>(grid.piece_begin(group, k)));
  }
}

GridComms::~GridComms() {
  for (MPI_Comm* c : {&column_, &row_, &orth_})
    if (*c != MPI_COMM_NULL) MPI_Comm_free(c);
}

void GridComms::scatter(const double* segment, double* piece) const {
  int key = 0;
  MPI_Comm_rank(orth_, &key);
  MPI_Scatterv(segment, counts_.data(), displs_.data(), MPI_DOUBLE, piece, counts_[key], MPI_DOUBLE, 0,
               orth_);
}

void GridComms::gather(const double* piece, double* segment) const {
  int key = 0;
  MPI_Comm_rank(orth_, &key);
  MPI_Gatherv(piece, counts_[key], MPI_DOUBLE, segment, counts_.data(), displs_.data(), MPI_DOUBLE, 0, orth_);
}

}  // namespace tamp::lanczos
