#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "algorithms/regular/regular.hpp"
#include "tamp/metrics.hpp"
#include "test_regular_support.hpp"

namespace tamp {
namespace {

std::vector<int> coords_of(int cell, const std::vector<int>& dims) {
  std::vector<int> c(dims.size());
  for (size_t d = 0; d < dims.size(); ++d) c[d] = cell % dims[d], cell /= dims[d];
  return c;
}

int mesh_distance(int a, int b, const std::vector<int>& dims) {
  const std::vector<int> ca = coords_of(a, dims), cb = coords_of(b, dims);
  int hops = 0;
  for (size_t d = 0; d < dims.size(); ++d) hops += std::abs(ca[d] - cb[d]);
  return hops;
}

// Steps of the curve longer than one hop.
int long_steps(const std::vector<int>& dims) {
  const std::vector<int> order = impl::hilbert_order(dims);
  int count = 0;
  for (size_t i = 1; i < order.size(); ++i) count += mesh_distance(order[i - 1], order[i], dims) > 1;
  return count;
}

TEST(HilbertOrder, EveryCellOnce) {
  for (const std::vector<int>& dims : std::vector<std::vector<int>>{{1},
                                                                    {7},
                                                                    {3, 5},
                                                                    {9, 2},
                                                                    {1, 6},
                                                                    {5, 5, 5},
                                                                    {7, 3, 2},
                                                                    {2, 9, 4},
                                                                    {3, 1, 4},
                                                                    {3, 2, 2, 3},
                                                                    {2, 2, 2, 2, 2}}) {
    std::vector<int> order = impl::hilbert_order(dims);
    std::sort(order.begin(), order.end());
    std::vector<int> all(order.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    EXPECT_EQ(order, all);
    long long cells = 1;
    for (int n : dims) cells *= n;
    EXPECT_EQ(static_cast<long long>(order.size()), cells);
  }
}

TEST(HilbertOrder, ClassicCurveOnPowersOfTwo) {
  // 2x2: (0,0) (0,1) (1,1) (1,0); a 4x4 starts at (0,0) and ends at (3,0), every step one hop.
  EXPECT_EQ(impl::hilbert_order({2, 2}), (std::vector<int>{0, 2, 3, 1}));
  const std::vector<int> order = impl::hilbert_order({4, 4});
  EXPECT_EQ(order.front(), 0);
  EXPECT_EQ(order.back(), 3);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 5, 4, 8, 12, 13, 9, 10, 14, 15, 11, 7, 6, 2, 3}));
}

// Generalised: neighbour to neighbour whenever the sides are even (2D: the longer side even suffices).
TEST(HilbertOrder, StepsBetweenNeighbours) {
  for (int x = 1; x <= 12; ++x)
    for (int y = 1; y <= 12; ++y)
      if (std::max(x, y) % 2 == 0 || std::min(x, y) == 1) {
        EXPECT_EQ(long_steps({x, y}), 0) << x << "x" << y;
      }
  for (const std::vector<int>& dims : std::vector<std::vector<int>>{{2, 2, 2},
                                                                    {4, 4, 4},
                                                                    {8, 8, 8},
                                                                    {8, 6, 4},
                                                                    {6, 8, 4},
                                                                    {4, 6, 8},
                                                                    {20, 12, 2},
                                                                    {10, 4, 6},
                                                                    {2, 4, 16}})
    EXPECT_EQ(long_steps(dims), 0) << dims[0] << "x" << dims[1] << "x" << dims[2];
  // Odd sides may need a few diagonal steps, never many.
  EXPECT_LE(long_steps({15, 12}), 2);
  EXPECT_LE(long_steps({17, 8, 24}), 17 * 8 * 24 / 20);
}

TEST(Hilbert, SameShapeIsTheIdentityAndHolesAreSkipped) {
  impl::RegularView v;
  v.grid = v.box = {6, 4};
  v.grid_wrap = v.box_wrap = {false, false};
  v.available.assign(24, true);
  std::vector<int> cells = impl::hilbert_cells(v);
  for (int c = 0; c < 24; ++c) EXPECT_EQ(cells[c], c);
  // Fewer objects than nodes, with a hole: the objects follow the box's curve past the hole.
  v.grid = {4, 4};
  v.available[impl::hilbert_order({6, 4})[1]] = false;
  cells = impl::hilbert_cells(v);
  const std::vector<int> objects = impl::hilbert_order({4, 4}), nodes = impl::hilbert_order({6, 4});
  EXPECT_EQ(cells[objects[0]], nodes[0]);
  EXPECT_EQ(cells[objects[1]], nodes[2]);
  EXPECT_EQ(cells[objects[15]], nodes[16]);
}

TEST(Hilbert, ThreeDimensionalStencilOnItsOwnTorus) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8, 8}), 1);
  for (bool periodic : {true, false}) {
    const TaskGraph graph = test::stencil({8, 8, 8}, 7, periodic);
    EXPECT_DOUBLE_EQ(evaluate(graph, alloc, map_tasks("hilbert", graph, alloc)).hops_per_byte, 1.0);
  }
}

TEST(Hilbert, ValidAndDeterministic) {
  test::check_regular_properties("hilbert");
}

}  // namespace
}  // namespace tamp
