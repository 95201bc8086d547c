#include "algorithms/impl/box_embedding.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tamp::impl {
namespace {

// Dimensions longer than 1, longest first (stable).
std::vector<int> long_dims(const std::vector<int>& extent) {
  std::vector<int> dims;
  for (int d = 0; d < static_cast<int>(extent.size()); ++d)
    if (extent[d] > 1) dims.push_back(d);
  std::stable_sort(dims.begin(), dims.end(), [&](int a, int b) { return extent[a] > extent[b]; });
  return dims;
}

}  // namespace

std::optional<std::vector<int>> box_embedding(const GridShape& grid, const PointSet& nodes) {
  const int n = nodes.size(), D = nodes.dim;
  if (n == 0 || grid.size() != n) return std::nullopt;
  std::vector<int> lo(D), extent(D);
  for (int d = 0; d < D; ++d) {
    double mn = nodes.at(0, d), mx = mn;
    for (int i = 1; i < n; ++i) mn = std::min(mn, nodes.at(i, d)), mx = std::max(mx, nodes.at(i, d));
    lo[d] = static_cast<int>(std::lround(mn));
    extent[d] = static_cast<int>(std::lround(mx - mn)) + 1;
  }
  const long long box = std::accumulate(extent.begin(), extent.end(), 1LL, std::multiplies<long long>());
  if (box != n) return std::nullopt;
  // Index the nodes by their offset in the box; a repeated or fractional offset means it is no full box.
  std::vector<int> node_at(n, -1);
  for (int i = 0; i < n; ++i) {
    long long offset = 0;
    for (int d = D - 1; d >= 0; --d) {
      const double c = nodes.at(i, d) - lo[d];
      if (c != std::floor(c)) return std::nullopt;
      offset = offset * extent[d] + static_cast<long long>(c);
    }
    if (node_at[offset] != -1) return std::nullopt;
    node_at[offset] = i;
  }
  const std::vector<int> grid_long = long_dims(grid.dims), box_long = long_dims(extent);
  if (grid_long.size() != box_long.size()) return std::nullopt;
  for (size_t k = 0; k < grid_long.size(); ++k)
    if (grid.dims[grid_long[k]] != extent[box_long[k]]) return std::nullopt;

  std::vector<int> result(n);
  std::vector<int> box_coord(D);
  for (long long cell = 0; cell < n; ++cell) {
    const std::vector<int> c = grid.coords(cell);
    std::fill(box_coord.begin(), box_coord.end(), 0);
    for (size_t k = 0; k < grid_long.size(); ++k) box_coord[box_long[k]] = c[grid_long[k]];
    long long offset = 0;
    for (int d = D - 1; d >= 0; --d) offset = offset * extent[d] + box_coord[d];
    result[cell] = node_at[offset];
  }
  return result;
}

}  // namespace tamp::impl
