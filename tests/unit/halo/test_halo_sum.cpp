// tamp-halo's grid sums (apps/halo/halo_sum.hpp): the per-step check's order and MiniGhost's give the sum of
// the owned cells only, and a wrong cell moves the sum, so the check still catches a wrong answer.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

#include "halo_sum.hpp"

namespace tamp::halo {
namespace {

// A block whose ghost layers hold a huge value: any ghost in a sum shows.
std::vector<double> block(const BlockLayout& layout, double ghost) {
  return std::vector<double>(static_cast<std::size_t>(layout.size()), ghost);
}

template <class F>
void fill_owned(const BlockLayout& layout, std::vector<double>& grid, F&& value) {
  for (int k = 1; k <= layout.n[2]; ++k)
    for (int j = 1; j <= layout.n[1]; ++j)
      for (int i = 1; i <= layout.n[0]; ++i) grid[layout.index(i, j, k)] = value(i, j, k);
}

TEST(HaloGridSum, OwnedCellsOnlyInBothOrders) {
  // Rows of 13 cells (8 + a tail of 5) and of 3 (no full group of 8).
  for (const auto n :
       {std::array<int, 3>{13, 5, 3}, std::array<int, 3>{3, 4, 2}, std::array<int, 3>{16, 1, 1}}) {
    BlockLayout layout;
    layout.n = n;
    auto grid = block(layout, 1e300);
    double exact = 0;  // integers: exact in any order
    fill_owned(layout, grid, [&](int i, int j, int k) {
      const double v = i + 100.0 * j + 10000.0 * k;
      exact += v;
      return v;
    });
    EXPECT_EQ(grid_sum(layout, grid.data()), exact);
    EXPECT_EQ(grid_sum_minighost(layout, grid.data()), exact);
  }
}

TEST(HaloGridSum, AWrongCellMovesTheSum) {
  BlockLayout layout;
  layout.n = {11, 6, 4};
  auto grid = block(layout, 0.0);
  fill_owned(layout, grid, [](int i, int j, int k) { return 1.0 * (i * j + k); });
  const double right = grid_sum(layout, grid.data());
  for (const auto& at :
       {std::array<int, 3>{1, 1, 1}, std::array<int, 3>{9, 3, 2}, std::array<int, 3>{11, 6, 4}}) {
    grid[layout.index(at[0], at[1], at[2])] += 1.0;
    EXPECT_EQ(grid_sum(layout, grid.data()), right + 1.0);
    grid[layout.index(at[0], at[1], at[2])] -= 1.0;
  }
}

TEST(HaloGridSum, AgreesWithMiniGhostsOrderToRounding) {
  BlockLayout layout;
  layout.n = {60, 7, 5};
  auto grid = block(layout, 1e300);
  std::mt19937_64 random(19);
  std::uniform_real_distribution<double> value(0.0, 1e3);
  long double exact = 0;
  fill_owned(layout, grid, [&](int, int, int) {
    const double v = value(random);
    exact += v;
    return v;
  });
  const double cells = 60.0 * 7 * 5;
  const double bound = cells * 1e-16 * static_cast<double>(exact);
  EXPECT_NEAR(grid_sum(layout, grid.data()), static_cast<double>(exact), bound);
  EXPECT_NEAR(grid_sum_minighost(layout, grid.data()), static_cast<double>(exact), bound);
}

}  // namespace
}  // namespace tamp::halo
