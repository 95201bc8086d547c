// The matrices of the app, row by row without communication: a Dirichlet Laplacian (known spectrum), a
// CI-like random sparse matrix and Matrix Market input, plus the permutation that spreads their non-zeros.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "matrix_market.hpp"

namespace tamp::lanczos {

enum class MatrixKind { laplace, random, market, shape };

struct MatrixSpec {
  MatrixKind kind = MatrixKind::laplace;
  std::string text;                        // as given to --matrix
  std::int64_t n = 0;                      // dimension
  std::vector<std::int64_t> dims;          // laplace: grid points per dimension, dimension 0 fastest
  double density = 0.01;                   // random: probability of a non-zero below the diagonal
  std::uint64_t seed = 1;                  // random: the pattern and values
  std::shared_ptr<const LowerCsr> market;  // mm: the file's lower triangle
  std::int64_t stored = 0;                 // shape: stored non-zeros of the lower triangle, diagonal included
  bool has_closed_form() const { return kind == MatrixKind::laplace; }
  /// A matrix known by its dimension and non-zero count alone (shape:): no entries, so no run computes on it.
  bool has_entries() const { return kind != MatrixKind::shape; }
};

/// "laplace:NX[xNY[xNZ]]", "random:N[,density=D][,seed=S]", "mm:PATH" (the file is read and checked here),
/// "shape:N,nonzeros=L" (L stored non-zeros of the lower triangle, diagonal included: n <= L <= n(n+1)/2).
/// Throws std::invalid_argument, or tamp::ParseError for a bad Matrix Market file.
MatrixSpec parse_matrix_spec(const std::string& text);

/// Stored lower-triangle entries (column <= row) of original row `row`, as (column, value), into `out`
/// (cleared first). A shape: matrix has none: std::logic_error.
void lower_row(const MatrixSpec& spec, std::int64_t row, std::vector<std::pair<std::int64_t, double>>& out);

/// Average number of stored entries per row of the full symmetric matrix (for the report).
double nonzeros_estimate(const MatrixSpec& spec);

/// The lowest `k` distinct eigenvalues of the Laplacian (closed form: sum over d of 2 - 2 cos(pi m_d /
/// (N_d+1))), ascending; values closer than 1e-12 count as one.
std::vector<double> laplace_lowest(const std::vector<std::int64_t>& dims, int k);

/// new index of each original index: a seeded Fisher-Yates shuffle (portable: mt19937_64 bits only);
/// seed 0 is the identity.
std::vector<std::int64_t> spreading_permutation(std::int64_t n, std::uint64_t seed);

/// A portable 64-bit mix (splitmix64 finaliser) for seeds and per-index values.
std::uint64_t mix64(std::uint64_t x);

}  // namespace tamp::lanczos
