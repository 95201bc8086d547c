#include <gtest/gtest.h>

#include "algorithms/regular/regular.hpp"
#include "tamp/metrics.hpp"
#include "test_regular_support.hpp"

namespace tamp {
namespace {

// By hand (Alg. 9.2 with Fig. B.1 ties): on a 2x2 grid the walk from (0,0) goes (0,1) (x offset 0, then y +
// 1), (1,1), (1,0); on a line of 4 nodes it goes 0, 1, 2, 3.
TEST(Exco, WalksBothSidesFromTheCorner) {
  EXPECT_EQ(impl::exco_cells(test::view_of({2, 2}, {4, 1})), (std::vector<int>{0, 3, 1, 2}));
}

TEST(Exco, SameShapeIsTheIdentity) {
  const std::vector<int> cells = impl::exco_cells(test::view_of({4, 3, 2}, {4, 3, 2}));
  for (int c = 0; c < 24; ++c) EXPECT_EQ(cells[c], c);
}

// The processor walk starts at the nearest allocated node to corner 0 and never uses holes.
TEST(Exco, SkipsHoles) {
  impl::RegularView v = test::view_of({2, 2}, {3, 3});
  v.available[0] = v.available[4] = false;
  const std::vector<int> cells = impl::exco_cells(v);
  EXPECT_EQ(cells[0], 3);  // (0,1): from (0,0) Fig. B.1 tries (0,1) before (1,0)
  for (int c : cells) EXPECT_TRUE(v.available[c]);
}

// The optimal case: an 8x8x8 stencil on an 8x8x8 torus walks both sides alike, one hop per message (periodic
// or not: the walks wrap only where both sides do).
TEST(Exco, ThreeDimensionalStencilOnItsOwnTorus) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8, 8}), 1);
  for (bool periodic : {true, false}) {
    const TaskGraph graph = test::stencil({8, 8, 8}, 7, periodic);
    EXPECT_DOUBLE_EQ(evaluate(graph, alloc, map_tasks("exco", graph, alloc)).hops_per_byte, 1.0);
  }
}

TEST(Exco, ThrowsWithoutAGrid) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4}), 1);
  EXPECT_THROW(map_tasks("exco", TaskGraph::from_edges(16, {{0, 1, 8}}), alloc), std::invalid_argument);
}

TEST(Exco, ValidAndDeterministic) {
  test::check_regular_properties("exco");
}

}  // namespace
}  // namespace tamp
