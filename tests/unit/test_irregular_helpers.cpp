// Shared pieces of the irregular mappers: the undirected graph, the node grid with findNearest, the
// coordinate frame.
#include <gtest/gtest.h>

#include "algorithms/irregular/node_space.hpp"
#include "algorithms/irregular/sym_graph.hpp"
#include "algorithms/irregular/task_frame.hpp"
#include "irregular_test_support.hpp"

namespace tamp {
namespace {

TEST(IrregularSymGraph, MergesBothDirectionsAndDropsSelfLoops) {
  const TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 5}, {1, 0, 7}, {2, 2, 9}, {2, 0, 1}});
  const impl::SymGraph s = impl::symmetrize(g);
  EXPECT_EQ(s.targets, (std::vector<int>{1, 2, 0, 0}));
  EXPECT_EQ(s.bytes, (std::vector<double>{12, 1, 12, 1}));
  EXPECT_EQ(s.offsets, (std::vector<std::int64_t>{0, 2, 3, 4}));
  EXPECT_EQ(s.weight(0), 13);
  std::vector<int> scratch(3, -1);
  const impl::SymGraph sub = impl::induced_subgraph(s, {2, 0}, scratch);
  EXPECT_EQ(sub.targets, (std::vector<int>{1, 0}));  // 2 -> 0 is local 0 -> 1
  EXPECT_EQ(scratch, (std::vector<int>{-1, -1, -1}));
}

TEST(IrregularNodeSpace, CentroidIsWeightedRoundedAndWrapAware) {
  const impl::NodeSpace mesh(Allocation::whole_machine(test::make_torus({5, 1}, false), 1));
  EXPECT_EQ(mesh.centroid({{0, 1.0}, {4, 3.0}}), 3);  // (0 + 12) / 4
  EXPECT_EQ(mesh.centroid({{0, 1.0}, {1, 1.0}}), 1);  // 0.5 rounds up
  const impl::NodeSpace ring(Allocation::whole_machine(test::make_torus({8}, true), 1));
  EXPECT_EQ(ring.centroid({{7, 1.0}, {1, 1.0}}), 0);  // across the wrap-around, not 4
  // 6, 7 and 1 seen from 6 as 9 (across the wrap): (6 + 7 + 2 x 9) / 4 = 7.75 -> 8 = cell 0.
  EXPECT_EQ(ring.centroid({{6, 1.0}, {7, 1.0}, {1, 2.0}}), 0);
}

TEST(IrregularNodeSpace, SparseAllocationsLeaveHolesUnavailable) {
  // Nodes 0, 2 and 3 of a 4-node line: cell 1 is never given out.
  impl::NodeSpace space(Allocation(test::make_torus({4}, false), {3, 0, 2}, 1));
  EXPECT_EQ(space.num_cells(), 4);
  EXPECT_EQ(space.node_of_cell(1), -1);
  EXPECT_EQ(space.node_of_cell(3), 0);
  const int first = space.take_nearest(1), second = space.take_nearest(1);  // distance 1, both ways
  EXPECT_EQ(std::min(first, second), 0);
  EXPECT_EQ(std::max(first, second), 2);
  EXPECT_EQ(space.take_nearest(1), 3);
  EXPECT_THROW(space.take_nearest(1), std::runtime_error);
  // Node adjacency follows the cells: 2 - 3 only (0 is alone).
  const impl::SymGraph adjacency = space.node_adjacency();
  EXPECT_EQ(adjacency.degree(1), 0);
  EXPECT_EQ(adjacency.targets, (std::vector<int>{2, 0}));
}

TEST(IrregularNodeSpace, OffTorusTheAllocationOrderIsALine) {
  const impl::NodeSpace space(Allocation(std::make_shared<const test::LineMachine>(9), {8, 1, 5}, 1));
  EXPECT_EQ(space.num_dims(), 1);
  EXPECT_EQ(space.num_cells(), 3);
  EXPECT_EQ(space.cell_of_node(2), 2);
}

TEST(IrregularNodeSpace, RouterMatesAreTheNodesOfTheSameRouter) {
  const impl::NodeSpace space(Allocation::whole_machine(test::make_torus({4, 4}, true, 2), 1));
  ASSERT_EQ(space.num_dims(), 3);  // x, y, node on router
  const int cell = space.grid().cell({1, 2, 0});
  EXPECT_EQ(space.router_mates(cell), (std::vector<int>{space.grid().cell({1, 2, 1})}));
  const impl::NodeSpace single(Allocation::whole_machine(test::make_torus({4, 4}), 1));
  EXPECT_TRUE(single.router_mates(0).empty());
}

TEST(IrregularTaskFrame, AffinePositionsFollowAlgorithm10_3) {
  // x in {0, 1, 2, 3} onto 4 columns: floor(4 x / 3) = 0, 1, 2, 4 -> clamped to 3.
  TaskGraph g = TaskGraph::from_edges(4, {});
  g.set_coordinates(2, {0, 5, 1, 5, 2, 5, 3, 5});  // y constant: the middle row
  const impl::NodeSpace space(Allocation::whole_machine(test::make_torus({4, 3}, false), 1));
  const impl::TaskFrame frame(g, space, "test");
  ASSERT_EQ(frame.num_axes(), 2);
  for (int t = 0; t < 4; ++t) EXPECT_EQ(frame.affine_position(t), (std::vector<int>{t, 1}));
}

TEST(IrregularTaskFrame, FewerCoordinatesThanDimensionsSnake) {
  // 2D coordinates on a 2x3x4 box: the two shortest dimensions (2 and 3) merge into one axis of 6 cells
  // walked in boustrophedon order; the wider coordinate goes on it.
  TaskGraph g = TaskGraph::from_edges(1, {});
  g.set_coordinates(2, {0, 0});
  const impl::NodeSpace space(Allocation::whole_machine(test::make_torus({2, 3, 4}, false), 1));
  const impl::TaskFrame frame(g, space, "test");
  ASSERT_EQ(frame.num_axes(), 2);
  EXPECT_EQ(frame.axis_extent(0), 6);
  EXPECT_EQ(frame.axis_extent(1), 4);
  std::vector<std::vector<int>> walk;
  for (int p = 0; p < 6; ++p) walk.push_back(space.grid().coords(frame.cell_at({p, 0})));
  EXPECT_EQ(walk, (std::vector<std::vector<int>>{
                      {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 2, 0}, {1, 2, 0}}));
}

TEST(IrregularTaskFrame, CornersAreTheExtremeTasks) {
  TaskGraph g = TaskGraph::from_edges(5, {});
  g.set_coordinates(2, {0.5, 0.5, 1, 1, 0, 1, 1, 0, 0, 0});
  const impl::NodeSpace space(Allocation::whole_machine(test::make_torus({3, 3}, false), 1));
  const impl::TaskFrame frame(g, space, "test");
  // Corner k is high in x when bit 0 is set, high in y when bit 1 is: tasks 4, 3, 2, 1 on cells 0, 2, 6, 8.
  EXPECT_EQ(frame.corners(), (std::vector<std::pair<int, int>>{{4, 0}, {3, 2}, {2, 6}, {1, 8}}));
}

TEST(IrregularTaskFrame, RefusesGraphsWithoutCoordinates) {
  const impl::NodeSpace space(Allocation::whole_machine(test::make_torus({3}), 1));
  try {
    impl::TaskFrame(TaskGraph::from_edges(2, {}), space, "affn-coords");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("affn-coords: needs task coordinates", 0), 0u);
  }
}

}  // namespace
}  // namespace tamp
