// `coce-bft` ([Bhatele10] §10.4, "COCE"): corner tasks on the corners of the node box, then breadth-first
// from them.
#include <gtest/gtest.h>

#include "irregular_test_support.hpp"

namespace tamp {
namespace {

// Four tasks on the corners of the unit square and one in the middle talking to all four.
TaskGraph square_with_centre() {
  std::vector<Edge> edges;
  for (int corner = 1; corner <= 4; ++corner) edges.push_back({0, corner, 8});
  TaskGraph g = TaskGraph::from_edges(5, edges);
  g.set_coordinates(2, {0.5, 0.5, 0, 0, 1, 0, 0, 1, 1, 1});
  return g;
}

TEST(IrregularCoceBft, CornersThenBreadthFirst) {
  // Corners: (0,0) -> cell 0, (1,0) -> 2, (0,1) -> 6, (1,1) -> 8 of a 3x3 mesh. The traversal then pops task
  // 1 and puts its neighbour 0 on the free cell nearest (0,0) in spiral order: (0,1) = cell 3.
  const Allocation alloc = Allocation::whole_machine(test::make_torus({3, 3}, false), 1);
  EXPECT_EQ(map_tasks("coce-bft", square_with_centre(), alloc).slots(), (std::vector<int>{3, 0, 2, 6, 8}));
}

TEST(IrregularCoceBft, UsesTheTaskGridWithoutCoordinates) {
  // A 4x4 stencil's grid corners on a 4x4 mesh's corners.
  const Mapping m = map_tasks("coce-bft", test::stencil({4, 4}),
                              Allocation::whole_machine(test::make_torus({4, 4}, false), 1));
  EXPECT_EQ(m.slot(0), 0);
  EXPECT_EQ(m.slot(3), 3);
  EXPECT_EQ(m.slot(12), 12);
  EXPECT_EQ(m.slot(15), 15);
}

TEST(IrregularCoceBft, Properties) {
  test::expect_irregular_properties("coce-bft", true);
}

}  // namespace
}  // namespace tamp
