// `affn-coords` ([Bhatele10] Alg. 10.3): coordinates scaled affinely onto the node box, findNearest on
// collisions.
#include <gtest/gtest.h>

#include <numeric>

#include "irregular_test_support.hpp"

namespace tamp {
namespace {

TEST(IrregularAffnCoords, AGridOfPointsLandsOnTheSameGrid) {
  // 16 tasks at the points (x, y) of a 4x4 lattice, ids shuffled: each lands on cell (x, y) of a 4x4 mesh.
  std::vector<int> id(16);
  std::iota(id.begin(), id.end(), 0);
  std::reverse(id.begin(), id.end());
  std::vector<double> xy(32);
  std::vector<Edge> edges;
  for (int c = 0; c < 16; ++c) {
    xy[2 * id[c]] = c % 4 * 10.0;
    xy[2 * id[c] + 1] = c / 4 * 10.0;
    if (c % 4 < 3) edges.push_back({id[c], id[c + 1], 8});
    if (c < 12) edges.push_back({id[c], id[c + 4], 8});
  }
  TaskGraph g = TaskGraph::from_edges(16, edges);
  g.set_coordinates(2, xy);
  const Mapping m =
      map_tasks("affn-coords", g, Allocation::whole_machine(test::make_torus({4, 4}, false), 1));
  for (int c = 0; c < 16; ++c) EXPECT_EQ(m.slot(id[c]), c);
}

TEST(IrregularAffnCoords, CollisionsGoToTheNearestFreeNode) {
  // Three tasks at the same point of a 5-node line (all coordinates equal: the middle, cell 2): the first
  // takes it, the next two the nearest free cells, 1 and 3.
  TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 8}, {1, 2, 8}});
  g.set_coordinates(1, {7, 7, 7});
  const Mapping m = map_tasks("affn-coords", g, Allocation::whole_machine(test::make_torus({5}, false), 1));
  EXPECT_EQ(m.slot(0), 2);
  EXPECT_EQ(std::min(m.slot(1), m.slot(2)), 1);
  EXPECT_EQ(std::max(m.slot(1), m.slot(2)), 3);
}

TEST(IrregularAffnCoords, A2DGridSnakesOverA3DTorus) {
  // A 4x16 stencil on a 4x4x4 torus: the long grid axis snakes over two torus dimensions, the short one lies
  // on the third, so every message travels one hop.
  const TaskGraph g = test::stencil({4, 16}, 5);
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 4}), 1);
  EXPECT_EQ(evaluate(g, alloc, map_tasks("affn-coords", g, alloc)).max_dilation, 1);
}

TEST(IrregularAffnCoords, Properties) {
  test::expect_irregular_properties("affn-coords", true);
}

}  // namespace
}  // namespace tamp
