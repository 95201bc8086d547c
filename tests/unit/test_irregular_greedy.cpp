// `greedy` (LibTopoMap): heaviest-connected task next, on the candidate node of least bytes x hops.
#include <gtest/gtest.h>

#include "irregular_test_support.hpp"

namespace tamp {
namespace {

TEST(IrregularGreedy, ARingOfTasksOnARingOfNodes) {
  // Tasks 0..7 in a ring with ids scattered; every message one hop apart on an 8-node ring.
  const int order[8] = {3, 6, 0, 5, 1, 7, 2, 4};
  std::vector<Edge> edges;
  for (int i = 0; i < 8; ++i) edges.push_back({order[i], order[(i + 1) % 8], 100.0 + i});
  const TaskGraph g = TaskGraph::from_edges(8, edges);
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8}), 1);
  EXPECT_EQ(evaluate(g, alloc, map_tasks("greedy", g, alloc)).max_dilation, 1);
}

TEST(IrregularGreedy, StartsWithTheHeaviestTaskOnTheCentre) {
  // Task 2 carries the most bytes: it goes to the centre (2) of a 5-node line, its partner next to it.
  const TaskGraph g = TaskGraph::from_edges(4, {{0, 1, 1}, {2, 3, 50}, {1, 2, 10}});
  const Mapping m = map_tasks("greedy", g, Allocation::whole_machine(test::make_torus({5}, false), 1));
  EXPECT_EQ(m.slot(2), 2);
  EXPECT_EQ(std::abs(m.slot(3) - 2), 1);
  EXPECT_EQ(std::abs(m.slot(1) - 2), 1);
}

TEST(IrregularGreedy, PrefersTheOtherNodeOfTheSameRouter) {
  // Two nodes per router (Cray Gemini): 0 hops between them, which the grid's distance does not show.
  const TaskGraph pair = TaskGraph::from_edges(2, {{0, 1, 64}});
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4}, true, 2), 1);
  const Mapping m = map_tasks("greedy", pair, alloc);
  EXPECT_EQ(evaluate(pair, alloc, m).hop_bytes, 0);
}

TEST(IrregularGreedy, Properties) {
  test::expect_irregular_properties("greedy", false);
}

}  // namespace
}  // namespace tamp
