// The communicators of one task on the triangular grid and the collectives of [Aktulga12] Alg. 1 on them:
// column/row broadcasts and reductions of the SpMV (S1, S2, S4, S5) and the scatter, allreduce and gather of
// the orthogonalisation on the refolded grid (O1, O2, O4, O6).
#pragma once
#include <mpi.h>

#include <vector>

#include "grid.hpp"

namespace tamp::lanczos {

class GridComms {
 public:
  /// Collective on `comm` (rank == task): splits it into the task's column, row and orthogonalisation groups,
  /// keyed so that the diagonal block is rank 0 of each.
  GridComms(const Grid& grid, MPI_Comm comm);
  ~GridComms();
  GridComms(const GridComms&) = delete;
  GridComms& operator=(const GridComms&) = delete;

  MPI_Comm all() const { return all_; }
  MPI_Comm column() const { return column_; }
  MPI_Comm row() const { return row_; }

  /// O1: the diagonal task of the group sends piece k of `segment` to the member with key k (root: `segment`
  /// is the whole segment; others pass nullptr); `piece` receives this task's piece.
  void scatter(const double* segment, double* piece) const;
  /// O6: the reverse of scatter(): the pieces are gathered into `segment` on the diagonal task.
  void gather(const double* piece, double* segment) const;

 private:
  MPI_Comm all_;
  MPI_Comm column_ = MPI_COMM_NULL;
  MPI_Comm row_ = MPI_COMM_NULL;
  MPI_Comm orth_ = MPI_COMM_NULL;
  std::vector<int> counts_;  // piece sizes of the orthogonalisation group, by key
  std::vector<int> displs_;
};

}  // namespace tamp::lanczos
