#include "algorithms/impl/block_shape.hpp"

#include <algorithm>
#include <utility>

namespace tamp::impl {
namespace {

void enumerate(const std::vector<int>& grid, size_t d, int remaining, std::vector<int>& current,
               std::vector<std::vector<int>>& out) {
  if (d + 1 == grid.size()) {
    if (grid[d] % remaining != 0) return;
    current[d] = remaining;
    out.push_back(current);
    return;
  }
  for (int b = 1; b <= remaining; ++b) {
    if (remaining % b != 0 || grid[d] % b != 0) continue;
    current[d] = b;
    enumerate(grid, d + 1, remaining / b, current, out);
  }
}

}  // namespace

std::vector<std::vector<int>> block_shapes(const std::vector<int>& grid, int cells, int max_count) {
  std::vector<std::vector<int>> shapes;
  if (grid.empty() || cells < 1) return shapes;
  std::vector<int> current(grid.size(), 1);
  enumerate(grid, 0, cells, current, shapes);
  auto surface = [cells](const std::vector<int>& b) {
    double s = 0;
    for (int x : b) s += static_cast<double>(cells) / x;
    return s;
  };
  std::stable_sort(shapes.begin(), shapes.end(),
                   [&](const auto& a, const auto& b) { return surface(a) < surface(b); });
  if (static_cast<int>(shapes.size()) > max_count) shapes.resize(max_count);
  return shapes;
}

std::optional<std::vector<int>> best_block_shape(const std::vector<int>& grid, int cells) {
  auto shapes = block_shapes(grid, cells, 1);
  if (shapes.empty()) return std::nullopt;
  return std::move(shapes.front());
}

}  // namespace tamp::impl
