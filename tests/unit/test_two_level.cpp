#include <gtest/gtest.h>

#include <random>
#include <set>
#include <stdexcept>
#include <string>

#include "algorithms/impl/node_grid.hpp"
#include "algorithms/impl/two_level.hpp"
#include "tamp/algorithms.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

TEST(NodeGrid, FullTorusIsABoxThatWraps) {
  const auto grid = impl::node_grid(Allocation::whole_machine(test::make_torus({4, 3, 2}), 1));
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->dims, (std::vector<int>{4, 3, 2}));
  EXPECT_EQ(grid->wrap, (std::vector<bool>{true, true, true}));
  for (int cell = 0; cell < 24; ++cell) EXPECT_EQ(grid->node_at[cell], cell);
}

TEST(NodeGrid, AllocationAcrossTheWrapStaysCompact) {
  // Nodes at x = 15, 0, 1 of a 16-ring: a box of 3 starting at 15, not a box of 16 with a hole.
  const Allocation alloc(test::make_torus({16}), {0, 1, 15}, 1);
  const auto grid = impl::node_grid(alloc);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->dims, (std::vector<int>{3}));
  EXPECT_EQ(grid->lo, (std::vector<int>{15}));
  EXPECT_FALSE(grid->wrap[0]);
  EXPECT_EQ(grid->node_at, (std::vector<int>{2, 0, 1}));
}

TEST(NodeGrid, HolesAndNodesPerRouter) {
  // 2 nodes per router on a 3x3 mesh; allocate both nodes of routers (0,0) and (2,1): box 3x2x2 with holes.
  auto torus = test::make_torus({3, 3}, false, 2);
  const Allocation alloc(torus, {0, 1, 10, 11}, 1);  // router 0 = (0,0); router 5 = (2,1)
  const auto grid = impl::node_grid(alloc);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->dims, (std::vector<int>{3, 2, 2}));
  EXPECT_EQ(grid->axis, (std::vector<int>{0, 1, 2}));
  int allocated = 0;
  for (int n : grid->node_at) allocated += n >= 0;
  EXPECT_EQ(allocated, 4);
  EXPECT_EQ(grid->node_at[grid->cell({2, 1, 1})], 3);
}

// contract() merges each group's messages by target without sorting them; from_edges on the same messages in
// task order sorts and merges. Bytes with fractions (whose sums depend on their order) and rows long enough
// for from_edges's sort: the same targets and the same bits.
TEST(TwoLevel, ContractIsFromEdgesOnTheMessagesBetweenGroups) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const int tasks = 50 + 7 * trial, groups = 1 + trial % 9;
    std::uniform_int_distribution<int> task(0, tasks - 1), group(0, groups - 1);
    std::uniform_real_distribution<double> bytes(0.1, 1000);
    std::vector<Edge> edges;
    for (int i = 0; i < 20 * tasks; ++i) edges.push_back({task(rng), task(rng), bytes(rng)});
    const TaskGraph graph = TaskGraph::from_edges(tasks, edges);
    std::vector<int> group_of(tasks);
    for (int& g : group_of) g = group(rng);
    std::vector<Edge> between;
    for (int u = 0; u < tasks; ++u)
      for (std::int64_t e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e)
        if (group_of[u] != group_of[graph.targets()[e]])
          between.push_back({group_of[u], group_of[graph.targets()[e]], graph.bytes()[e]});
    const TaskGraph expected = TaskGraph::from_edges(groups, between);
    const TaskGraph got = impl::contract(graph, group_of, groups);
    EXPECT_EQ(got.offsets(), expected.offsets()) << "trial " << trial;
    EXPECT_EQ(got.targets(), expected.targets()) << "trial " << trial;
    EXPECT_EQ(got.bytes(), expected.bytes()) << "trial " << trial;
  }
  const TaskGraph two = TaskGraph::from_edges(2, {{0, 1, 8}});
  EXPECT_THROW(impl::contract(two, {0, 2}, 2), std::invalid_argument);
  EXPECT_THROW(impl::contract(two, {0}, 2), std::invalid_argument);
}

TEST(TwoLevel, GroupsAreNodeSizedBlocksOfTheGrid) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 4}), 4);
  const TaskGraph graph = test::stencil({8, 8, 4}, 7);
  const impl::Grouping g = impl::group_tasks(graph, 4);
  ASSERT_TRUE(g.block_grid);
  EXPECT_EQ(g.block_grid->size(), 64);
  const TaskGraph q = impl::quotient_graph(graph, g);
  EXPECT_EQ(q.num_tasks(), 64);
  ASSERT_TRUE(q.grid());
  // Bytes inside blocks vanish: 2x2x1 blocks keep 4 of the pairs of each block.
  EXPECT_LT(q.total_bytes(), graph.total_bytes());
  const Mapping m = impl::map_two_level(graph, alloc, {}, map_default);
  m.validate(1);
  for (int t = 0; t < graph.num_tasks(); ++t) EXPECT_EQ(alloc.node_of_slot(m.slot(t)), g.group_of_task[t]);
}

TEST(TwoLevel, IrregularGraphsGrowGroupsAlongHeavyEdges) {
  // Two heavy pairs (0,3) and (1,2) joined by a light edge: groups of 2 follow the heavy edges.
  TaskGraph graph = TaskGraph::from_edges(4, {{0, 3, 100}, {3, 0, 100}, {1, 2, 100}, {2, 1, 100}, {0, 1, 1}, {1, 0, 1}});
  const impl::Grouping g = impl::group_tasks(graph, 2);
  EXPECT_EQ(g.group_of_task[0], g.group_of_task[3]);
  EXPECT_EQ(g.group_of_task[1], g.group_of_task[2]);
  EXPECT_NE(g.group_of_task[0], g.group_of_task[1]);
}

// Four cliques of 4 tasks with interleaved ids (clique c = {c, c+4, c+8, c+12}), joined in a ring by light
// edges: groups of 4 are exactly the cliques (the bisection cuts only light edges; growing from task 0 might
// not).
TEST(TwoLevel, IrregularGroupsCutOnlyLightEdges) {
  std::vector<Edge> edges;
  for (int c = 0; c < 4; ++c) {
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        if (i != j) edges.push_back({c + 4 * i, c + 4 * j, 50});
    edges.push_back({c, (c + 1) % 4 + 12, 1});
    edges.push_back({(c + 1) % 4 + 12, c, 1});
  }
  const TaskGraph graph = TaskGraph::from_edges(16, edges);
  const impl::Grouping g = impl::group_tasks(graph, 4);
  ASSERT_EQ(g.tasks_of_group.size(), 4u);
  for (int t = 0; t < 16; ++t) EXPECT_EQ(g.group_of_task[t], g.group_of_task[t % 4]) << "task " << t;
}

TEST(TwoLevel, PartlyFilledNodeOverflowsToTheNearest) {
  // 6 tasks on nodes of 4 and 2 cores: groups of 4; whichever group lands on the small node spills 2 tasks.
  const Allocation alloc(test::make_torus({4}), {0, 1}, std::vector<int>{4, 2});
  const TaskGraph graph = test::stencil({6});
  const Mapping m = impl::map_two_level(graph, alloc, {}, map_default);
  m.validate(1);
  std::set<int> used(m.slots().begin(), m.slots().end());
  EXPECT_EQ(used.size(), 6u);
}

// A node-level algorithm that takes only block grids wider than tall: the tilings it refuses are skipped.
Mapping default_if_wide(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  if (groups.grid()->dims[0] <= groups.grid()->dims[1]) throw std::invalid_argument("wide: needs a wide grid");
  return map_default(groups, nodes, options);
}

// 8x8 tasks on 4-core nodes: tilings 2x2 (a 4x4 block grid), 1x4 (8x2) and 4x1 (2x8); only 1x4 is wide.
TEST(TwoLevel, TilingsSkipTheRefusedShapes) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4}), 4);
  const TaskGraph graph = test::stencil({8, 8});
  const Mapping m = impl::map_two_level_tilings(graph, alloc, {}, default_if_wide, 4);
  m.validate(1);
  for (int t = 0; t < 64; ++t) {
    const int x = t % 8, y = t / 8;
    EXPECT_EQ(alloc.node_of_slot(m.slot(t)), alloc.node_of_slot(m.slot(x + 8 * (y / 4 * 4)))) << "task " << t;
  }
  EXPECT_THROW(impl::map_two_level(graph, alloc, {}, default_if_wide), std::invalid_argument);
  try {
    impl::map_two_level_tilings(test::stencil({4, 16}), alloc, {}, default_if_wide, 4);
    FAIL() << "no tiling of a 4x16 grid into 4-task blocks is wider than tall";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("wide", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace tamp
