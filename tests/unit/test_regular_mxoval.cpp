#include <gtest/gtest.h>

#include <array>
#include <set>

#include "algorithms/impl/two_level.hpp"
#include "algorithms/regular/regular_embeddings.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

Allocation mesh_nodes(std::vector<int> dims) {
  return Allocation::whole_machine(test::make_torus(std::move(dims), false), 1);
}

Metrics metrics_of(impl::NodeLevelFn fn, const std::vector<int>& grid, const std::vector<int>& box) {
  const Allocation nodes = mesh_nodes(box);
  const TaskGraph graph = test::stencil(grid);
  const Mapping m = fn(graph, nodes, {});
  m.validate(1);
  return evaluate(graph, nodes, m);
}

// 9x8 onto 6x12 with re-alignment, by hand: the grid is turned (9 along the 12), a 9x6 block of it fills 6x9;
// the 9x2 rest is turned back onto 6x3: a 6x2 block, then 3x2 onto 6x1 (aligned): 3x1, then 3x1 onto 3x1.
TEST(Mxoval, RealignsAtEveryCall) {
  const auto p = impl::max_overlap_pieces(9, 8, 6, 12, true);
  ASSERT_EQ(p.size(), 4u);
  EXPECT_TRUE(p[0].objects == (impl::Rect{0, 0, 9, 6}) && p[0].transposed && p[0].px0 == 0 && p[0].py0 == 0);
  EXPECT_TRUE(p[1].objects == (impl::Rect{0, 6, 6, 2}) && !p[1].transposed && p[1].px0 == 0 && p[1].py0 == 9);
  EXPECT_TRUE(p[2].objects == (impl::Rect{6, 6, 3, 1}) && !p[2].transposed && p[2].px0 == 0 &&
              p[2].py0 == 11);
  EXPECT_TRUE(p[3].objects == (impl::Rect{6, 7, 3, 1}) && !p[3].transposed && p[3].px0 == 3 &&
              p[3].py0 == 11);
  const std::vector<int> cells = impl::max_overlap_cells(9, 8, 6, 12, true);
  EXPECT_EQ(cells[8 + 9 * 5], 5 + 6 * 8);  // object (8,5) on processor (5,8): turned
  EXPECT_EQ(std::set<int>(cells.begin(), cells.end()).size(), 72u);
}

// A grid the mesh turned round ([Bhatele10] Fig. 9.6: 8x4 onto 4x8): re-aligned it is the mesh itself.
TEST(Mxoval, TurnedGridIsPerfect) {
  const Metrics al = metrics_of(impl::mxoval_nodes, {8, 4}, {4, 8});
  EXPECT_DOUBLE_EQ(al.hops_per_byte, 1.0);
  EXPECT_EQ(al.max_dilation, 1);
  EXPECT_GT(metrics_of(impl::mxovlp_nodes, {8, 4}, {4, 8}).hops_per_byte, 1.0);
}

// [Bhatele10]'s example shapes (§9.1, Figs. 9.1, 9.5-9.7): MXOV+AL is never worse than MXOVLP on them.
TEST(Mxoval, NoWorseThanMxovlpOnTheThesisShapes) {
  for (auto [grid, box] : std::vector<std::pair<std::vector<int>, std::vector<int>>>{
           {{9, 8}, {6, 12}}, {{6, 5}, {10, 3}}, {{8, 4}, {4, 8}}, {{100, 40}, {125, 32}}}) {
    const double al = metrics_of(impl::mxoval_nodes, grid, box).hops_per_byte;
    const double plain = metrics_of(impl::mxovlp_nodes, grid, box).hops_per_byte;
    EXPECT_LE(al, plain) << grid[0] << "x" << grid[1] << " onto " << box[0] << "x" << box[1];
  }
}

TEST(Mxoval, UnevenSidesAndFewerObjects) {
  for (auto [ox, oy, px, py] : std::vector<std::array<int, 4>>{
           {7, 11, 11, 7}, {13, 5, 8, 9}, {31, 3, 4, 25}, {10, 10, 3, 37}, {5, 3, 4, 4}, {3, 9, 30, 1}}) {
    const std::vector<int> cells = impl::max_overlap_cells(ox, oy, px, py, true);
    std::set<int> used(cells.begin(), cells.end());
    EXPECT_EQ(used.size(), cells.size());
    EXPECT_GE(*used.begin(), 0);
    EXPECT_LT(*used.rbegin(), px * py);
  }
  EXPECT_THROW(impl::max_overlap_cells(4, 4, 3, 5, true), std::invalid_argument);
}

TEST(Mxoval, NodeLevelIsValidDeterministicAndChecked) {
  const Allocation nodes = mesh_nodes({12, 10});
  const TaskGraph graph = test::stencil({15, 8});
  const Mapping m = impl::mxoval_nodes(graph, nodes, {});
  m.validate(1);
  EXPECT_EQ(m.slots(), impl::mxoval_nodes(graph, nodes, {}).slots());
  EXPECT_THROW(impl::mxoval_nodes(test::stencil({4, 4, 4}), nodes, {}), std::invalid_argument);
  EXPECT_THROW(impl::mxoval_nodes(test::stencil({8, 8}), mesh_nodes({4, 4, 4}), {}), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
