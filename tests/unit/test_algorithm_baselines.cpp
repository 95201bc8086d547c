// default, random and round-robin: the launchers' placements the mappers are measured against.
#include <gtest/gtest.h>

#include <set>

#include "tamp/algorithms.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

TEST(DefaultMapping, TaskOnItsOwnSlot) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 2}), 3);
  const Mapping m = map_default(test::stencil({6, 3}), alloc, {});
  for (int t = 0; t < 18; ++t) EXPECT_EQ(m.slot(t), t);
}

TEST(DefaultMapping, BlocksWhenTasksOutnumberSlots) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({2}), 2);  // 4 slots
  MapOptions options;
  options.max_tasks_per_slot = 2;
  const Mapping m = map_default(test::stencil({8}), alloc, options);
  EXPECT_EQ(m.slots(), (std::vector<int>{0, 0, 1, 1, 2, 2, 3, 3}));
}

TEST(RandomMapping, IsAPermutationThatDependsOnTheSeed) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8}), 4);
  const TaskGraph graph = test::stencil({16, 16});
  MapOptions a, b;
  b.seed = 2;
  const Mapping ma = map_random(graph, alloc, a), mb = map_random(graph, alloc, b);
  EXPECT_EQ(std::set<int>(ma.slots().begin(), ma.slots().end()).size(), 256u);
  EXPECT_NE(ma.slots(), mb.slots());
  EXPECT_EQ(ma.slots(), map_random(graph, alloc, a).slots());
}

TEST(RoundRobinMapping, CyclesOverNodes) {
  // 3 nodes x 2 cores: tasks 0,1,2 go to cores 0 of nodes 0,1,2; tasks 3,4,5 to their cores 1.
  const Allocation alloc(test::make_torus({3}), {0, 1, 2}, 2);
  const Mapping m = map_round_robin(test::stencil({6}), alloc, {});
  EXPECT_EQ(m.slots(), (std::vector<int>{0, 2, 4, 1, 3, 5}));
}

TEST(RoundRobinMapping, SkipsFullNodes) {
  // Node 0 has 1 core, node 1 has 3: tasks 0 -> n0, 1 -> n1, 2 -> (n0 full) n1, 3 -> n1.
  const Allocation alloc(test::make_torus({2}), {0, 1}, std::vector<int>{1, 3});
  const Mapping m = map_round_robin(test::stencil({4}), alloc, {});
  EXPECT_EQ(m.slots(), (std::vector<int>{0, 1, 2, 3}));
}

}  // namespace
}  // namespace tamp
