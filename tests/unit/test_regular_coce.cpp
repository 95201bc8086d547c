#include <gtest/gtest.h>

#include "algorithms/regular/regular.hpp"
#include "tamp/metrics.hpp"
#include "test_regular_support.hpp"

namespace tamp {
namespace {

// By hand: a 2x2 grid on a line of 4 nodes has four fronts (corners (0,0), (1,0), (0,1), (1,1) of the grid
// with nodes 0, 3, 0, 3). In turn: object 0 -> node 0, object 1 -> node 3, object 2 -> nearest free to node 0
// = 1, object 3 -> nearest free to node 3 = 2 (x - 1 first).
TEST(Coce, FrontsFromEveryCornerTakeTurns) {
  EXPECT_EQ(impl::coce_cells(test::view_of({2, 2}, {4, 1})), (std::vector<int>{0, 3, 1, 2}));
}

// A 4x4 grid on a 4x4 box: the four fronts start at the four corners and stay mirror images: the identity.
TEST(Coce, SameShapeIsTheIdentity) {
  const std::vector<int> cells = impl::coce_cells(test::view_of({4, 4}, {4, 4}));
  for (int c = 0; c < 16; ++c) EXPECT_EQ(cells[c], c);
}

// The first four objects placed are the grid's corners, on the box's corners.
TEST(Coce, CornersOnCorners) {
  const std::vector<int> cells = impl::coce_cells(test::view_of({6, 3}, {9, 2}));
  EXPECT_EQ(cells[0], 0);
  EXPECT_EQ(cells[5], 8);
  EXPECT_EQ(cells[12], 9);
  EXPECT_EQ(cells[17], 17);
}

TEST(Coce, ThreeDimensionalStencilOnItsOwnTorus) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8, 8}), 1);
  for (bool periodic : {true, false}) {
    const TaskGraph graph = test::stencil({8, 8, 8}, 7, periodic);
    EXPECT_DOUBLE_EQ(evaluate(graph, alloc, map_tasks("coce", graph, alloc)).hops_per_byte, 1.0);
  }
}

TEST(Coce, ValidAndDeterministic) {
  test::check_regular_properties("coce");
}

}  // namespace
}  // namespace tamp
