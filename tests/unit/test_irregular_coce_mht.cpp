// `coce-mht` ([Bhatele10] §10.4, "COCE+MHT"): corner tasks on the corners of the node box, then max-heap
// traversal.
#include <gtest/gtest.h>

#include "irregular_test_support.hpp"

namespace tamp {
namespace {

TEST(IrregularCoceMht, CornersThenTheCentroid) {
  // Tasks on the corners of the unit square go to the corners of a 3x3 mesh; the middle task has four mapped
  // neighbours and goes to their centroid, the centre cell 4.
  std::vector<Edge> edges;
  for (int corner = 1; corner <= 4; ++corner) edges.push_back({0, corner, 8});
  TaskGraph g = TaskGraph::from_edges(5, edges);
  g.set_coordinates(2, {0.5, 0.5, 0, 0, 1, 0, 0, 1, 1, 1});
  const Allocation alloc = Allocation::whole_machine(test::make_torus({3, 3}, false), 1);
  EXPECT_EQ(map_tasks("coce-mht", g, alloc).slots(), (std::vector<int>{4, 0, 2, 6, 8}));
}

TEST(IrregularCoceMht, EightCornersIn3D) {
  // A 4x4x4 stencil on a 4x4x4 mesh: the eight grid corners on the eight mesh corners.
  const Mapping m = map_tasks("coce-mht", test::stencil({4, 4, 4}),
                              Allocation::whole_machine(test::make_torus({4, 4, 4}, false), 1));
  for (int corner : {0, 3, 12, 15, 48, 51, 60, 63}) EXPECT_EQ(m.slot(corner), corner);
}

TEST(IrregularCoceMht, Properties) {
  test::expect_irregular_properties("coce-mht", true);
}

}  // namespace
}  // namespace tamp
