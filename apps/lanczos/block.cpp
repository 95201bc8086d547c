// Block assembly: each stored entry (a, b) of H (b <= a) is H'(p(a), p(b)) and, off the diagonal, its mirror.
#include "block.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

namespace tamp::lanczos {
namespace {

struct Triplet {
  std::int64_t row;
  std::int64_t col;
  double value;
};

Csr to_csr(std::vector<Triplet>& entries, std::int64_t rows, std::int64_t cols) {
  std::sort(entries.begin(), entries.end(), [](const Triplet& x, const Triplet& y) {
    return std::tie(x.row, x.col) < std::tie(y.row, y.col);
  });
  Csr m;
  m.rows = rows;
  m.cols = cols;
  m.offsets.assign(static_cast<std::size_t>(rows) + 1, 0);
  m.columns.reserve(entries.size());
  m.values.reserve(entries.size());
  for (const Triplet& e : entries) {
    ++m.offsets[e.row + 1];
    m.columns.push_back(static_cast<std::int32_t>(e.col));
    m.values.push_back(e.value);
  }
  for (std::int64_t r = 0; r < rows; ++r) m.offsets[r + 1] += m.offsets[r];
  return m;
}

}  // namespace

Block make_block(const MatrixSpec& matrix, const std::vector<std::int64_t>& new_index, const Grid& grid,
                 int task) {
  const int r = grid.row(task);
  const int c = grid.col(task);
  const std::int64_t r0 = grid.segment_begin(r), r1 = grid.segment_begin(r + 1);
  const std::int64_t c0 = grid.segment_begin(c), c1 = grid.segment_begin(c + 1);
  if (r1 - r0 > INT32_MAX || c1 - c0 > INT32_MAX) throw std::invalid_argument("a segment exceeds 2^31 rows");
  const auto in_rows = [&](std::int64_t x) { return x >= r0 && x < r1; };
  const auto in_cols = [&](std::int64_t x) { return x >= c0 && x < c1; };

  std::vector<Triplet> entries;
  std::vector<std::pair<std::int64_t, double>> row;
  for (std::int64_t a = 0; a < matrix.n; ++a) {
    const std::int64_t pa = new_index[a];
    if (!in_rows(pa) && !in_cols(pa)) continue;
    lower_row(matrix, a, row);
    for (const auto& [b, value] : row) {
      const std::int64_t pb = new_index[b];
      if (in_rows(pa) && in_cols(pb)) entries.push_back({pa - r0, pb - c0, value});
      if (b != a && in_rows(pb) && in_cols(pa)) entries.push_back({pb - r0, pa - c0, value});
    }
  }
  Block block;
  block.matrix = to_csr(entries, r1 - r0, c1 - c0);
  if (r != c) {
    for (Triplet& e : entries) std::swap(e.row, e.col);
    block.transposed = to_csr(entries, c1 - c0, r1 - r0);
  }
  return block;
}

namespace {

// A shape: matrix's non-zeros spread evenly, as the spreading permutation spreads a real one's: the diagonal
// full, each position off it non-zero with the same probability rho. A diagonal block of s rows holds
// s + rho s (s - 1) entries, an off-diagonal block of s x s' rows rho s s', counted twice (B and B^T).
std::vector<double> expected_spmv_nonzeros(const MatrixSpec& matrix, const Grid& grid) {
  const auto n = static_cast<double>(matrix.n);
  const double rho = matrix.n > 1 ? 2.0 * (static_cast<double>(matrix.stored) - n) / (n * (n - 1)) : 0.0;
  const auto rows = [&](int s) {
    return static_cast<double>(grid.segment_begin(s + 1) - grid.segment_begin(s));
  };
  std::vector<double> nonzeros(static_cast<std::size_t>(grid.tasks()));
  for (int t = 0; t < grid.tasks(); ++t) {
    const double r = rows(grid.row(t)), c = rows(grid.col(t));
    nonzeros[static_cast<std::size_t>(t)] = grid.diagonal(t) ? r + rho * r * (r - 1) : 2.0 * rho * r * c;
  }
  return nonzeros;
}

}  // namespace

std::vector<double> spmv_nonzeros(const MatrixSpec& matrix, const std::vector<std::int64_t>& new_index,
                                  const Grid& grid) {
  const int nd = grid.nd();
  if (!matrix.has_entries()) return expected_spmv_nonzeros(matrix, grid);
  std::vector<std::int64_t> begins(static_cast<std::size_t>(nd) + 1);
  for (int s = 0; s <= nd; ++s) begins[static_cast<std::size_t>(s)] = grid.segment_begin(s);
  const auto segment = [&](std::int64_t x) {
    return static_cast<std::size_t>(std::upper_bound(begins.begin(), begins.end(), x) - begins.begin() - 1);
  };
  // Entries of H' in each block (row segment, column segment), as make_block assembles them.
  std::vector<std::int64_t> entries(static_cast<std::size_t>(nd) * static_cast<std::size_t>(nd), 0);
  std::vector<std::pair<std::int64_t, double>> row;
  for (std::int64_t a = 0; a < matrix.n; ++a) {
    const std::size_t sa = segment(new_index[a]);
    lower_row(matrix, a, row);
    for (const auto& [b, value] : row) {
      const std::size_t sb = segment(new_index[b]);
      ++entries[sa * nd + sb];
      if (b != a) ++entries[sb * nd + sa];
    }
  }
  std::vector<double> nonzeros(static_cast<std::size_t>(grid.tasks()));
  for (int t = 0; t < grid.tasks(); ++t) {
    const auto block = static_cast<double>(entries[static_cast<std::size_t>(grid.row(t)) * nd + grid.col(t)]);
    nonzeros[static_cast<std::size_t>(t)] = grid.diagonal(t) ? block : 2.0 * block;
  }
  return nonzeros;
}

}  // namespace tamp::lanczos
