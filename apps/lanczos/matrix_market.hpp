// A reader for Matrix Market coordinate files of real symmetric matrices (users' own Hamiltonians).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tamp::lanczos {

/// The lower triangle (column <= row) of a symmetric matrix, rows in CSR, columns ascending, 0-based.
struct LowerCsr {
  std::int64_t n = 0;
  std::vector<std::int64_t> offsets;  // n + 1
  std::vector<std::int64_t> columns;
  std::vector<double> values;
};

/// Reads `%%MatrixMarket matrix coordinate real|integer|pattern symmetric|general`. A `general` file must
/// hold a symmetric matrix (both triangles, equal values). Throws tamp::ParseError ("PATH:LINE: ...") on
/// malformed input, a non-square or non-symmetric matrix, duplicate or out-of-range entries.
LowerCsr read_matrix_market(const std::string& path);

}  // namespace tamp::lanczos
