// The matrix block a task holds: H'(segment row, segment col) of the permuted matrix H' = P H P^T, in CSR,
// with its transpose for the product B^T v_i of the off-diagonal blocks.
#pragma once
#include <cstdint>
#include <vector>

#include "grid.hpp"
#include "matrix_source.hpp"

namespace tamp::lanczos {

struct Csr {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::vector<std::int64_t> offsets;  // rows + 1
  std::vector<std::int32_t> columns;  // local column indices, ascending within a row
  std::vector<double> values;
  std::int64_t nonzeros() const { return static_cast<std::int64_t>(values.size()); }
};

struct Block {
  Csr matrix;      // rows of segment row(task), columns of segment col(task); a diagonal block is full
  Csr transposed;  // empty for a diagonal block
};

/// Builds the block of `task` from the rows of `matrix` whose new index falls in the task's two segments.
/// `new_index` is spreading_permutation(n, seed). No communication.
Block make_block(const MatrixSpec& matrix, const std::vector<std::int64_t>& new_index, const Grid& grid,
                 int task);

/// Per task, the non-zeros its SpMV multiplies (its block; an off-diagonal block its transpose too): the
/// "nonzero" units its run charges, counted in one pass over the matrix without building the blocks; for a
/// shape: matrix (no entries), their expected numbers when its non-zeros spread evenly over the blocks.
std::vector<double> spmv_nonzeros(const MatrixSpec& matrix, const std::vector<std::int64_t>& new_index,
                                  const Grid& grid);

}  // namespace tamp::lanczos
