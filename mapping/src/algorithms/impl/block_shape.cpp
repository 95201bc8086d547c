#include "algorithms/impl/block_shape.hpp"

namespace tamp::impl {
namespace {

struct Search {
  const std::vector<int>& grid;
  std::vector<int> current;
  std::optional<std::vector<int>> best;
  double best_surface = 0;

  void run(size_t d, int remaining, int cells) {
    if (d + 1 == grid.size()) {
      if (grid[d] % remaining != 0) return;
      current[d] = remaining;
      double surface = 0;
      for (int b : current) surface += static_cast<double>(cells) / b;
      if (!best || surface < best_surface) best = current, best_surface = surface;
      return;
    }
    for (int b = 1; b <= remaining; ++b) {
      if (remaining % b != 0 || grid[d] % b != 0) continue;
      current[d] = b;
      run(d + 1, remaining / b, cells);
    }
  }
};

}  // namespace

std::optional<std::vector<int>> best_block_shape(const std::vector<int>& grid, int cells) {
  if (grid.empty() || cells < 1) return std::nullopt;
  Search search{grid, std::vector<int>(grid.size(), 1), std::nullopt};
  search.run(0, cells, cells);
  return search.best;
}

}  // namespace tamp::impl
