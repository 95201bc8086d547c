#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "tamp/algorithms.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

TEST(GroupBlock, DeveciShapes) {
  EXPECT_EQ(group_block({16, 16, 16}, 16), (std::vector<int>{2, 2, 4}));  // [Deveci14]'s 2x2x4
  EXPECT_EQ(group_block({8, 8, 2}, 16), (std::vector<int>{4, 2, 2}));     // z has room for one factor of 2 only
  EXPECT_EQ(group_block({6, 4, 4}, 12), (std::vector<int>{3, 2, 2}));     // 3 skips z and y, goes to x
  EXPECT_EQ(group_block({8, 8}, 4), (std::vector<int>{2, 2}));
  EXPECT_THROW(group_block({5, 5, 5}, 16), std::invalid_argument);
}

// 8x8x8 tasks on 32 nodes x 16 cores: block k (2x2x4 tasks, x fastest) on node k, tasks x fastest on its cores.
TEST(GroupMapping, BlockKOnNodeK) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 2}), 16);
  const TaskGraph graph = test::stencil({8, 8, 8}, 7, false);
  const Mapping m = map_group(graph, alloc, {});
  EXPECT_EQ(m.slot(0), 0);
  EXPECT_EQ(m.slot(1), 1);                // (1,0,0): same block, next core
  EXPECT_EQ(m.slot(2), 16);               // (2,0,0): the next block in x, node 1
  EXPECT_EQ(m.slot(8), 2);                // (0,1,0): same block, core 2
  EXPECT_EQ(m.slot(64), 4);               // (0,0,1): same block (4 deep in z), core 4
  EXPECT_EQ(m.slot(4 * 64), 16 * 16);     // (0,0,4): the second layer of blocks starts at node 4 x 4 = 16
  std::set<int> slots;
  for (int t = 0; t < graph.num_tasks(); ++t) slots.insert(m.slot(t));
  EXPECT_EQ(slots.size(), 512u);
  for (int t = 0; t < graph.num_tasks(); ++t) {
    const std::vector<int> c = graph.grid()->coords(t);
    const int block = c[0] / 2 + 4 * (c[1] / 2 + 4 * (c[2] / 4));
    EXPECT_EQ(alloc.node_of_slot(m.slot(t)), block) << "task " << t;
  }
}

TEST(GroupMapping, Refusals) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 2}), 16);
  EXPECT_THROW(map_group(test::stencil({8, 8, 4}, 7, false), alloc, {}), std::invalid_argument);  // 256 tasks
  const TaskGraph no_grid = TaskGraph::from_edges(512, {{0, 1, 8.0}});
  EXPECT_THROW(map_group(no_grid, alloc, {}), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
