#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "algorithms/impl/block_shape.hpp"
#include "tamp/algorithms.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

// The grid coordinates of the tasks on each node.
std::vector<std::set<std::vector<int>>> tasks_per_node(const TaskGraph& graph, const Allocation& alloc,
                                                       const Mapping& m) {
  std::vector<std::set<std::vector<int>>> nodes(alloc.num_nodes());
  for (int t = 0; t < graph.num_tasks(); ++t) nodes[alloc.node_of_slot(m.slot(t))].insert(graph.grid()->coords(t));
  return nodes;
}

TEST(BlockShape, LeastSurface) {
  EXPECT_EQ(*impl::best_block_shape({16, 16, 16}, 8), (std::vector<int>{2, 2, 2}));
  EXPECT_EQ(*impl::best_block_shape({4, 4, 4}, 4), (std::vector<int>{1, 2, 2}));
  EXPECT_EQ(*impl::best_block_shape({8, 8}, 4), (std::vector<int>{2, 2}));
  EXPECT_EQ(*impl::best_block_shape({3, 8}, 6), (std::vector<int>{3, 2}));
  EXPECT_FALSE(impl::best_block_shape({5, 5}, 4));
}

// 16x16x16 stencil on 8x8x8 nodes x 8 cores: every node holds a 2x2x2 block (the reference case for blocked).
TEST(BlockedMapping, EveryNodeHoldsATwoCube) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8, 8}), 8);
  const TaskGraph graph = test::stencil({16, 16, 16}, 7, true);
  const Mapping m = map_blocked(graph, alloc, {});
  for (const auto& node : tasks_per_node(graph, alloc, m)) {
    ASSERT_EQ(node.size(), 8u);
    const std::vector<int> first = *node.begin();
    for (const auto& c : node)
      for (int d = 0; d < 3; ++d) {
        EXPECT_EQ(first[d] % 2, 0);
        EXPECT_LE(c[d] - first[d], 1);
        EXPECT_GE(c[d] - first[d], 0);
      }
  }
  // Blocks of neighbouring tasks on neighbouring nodes: an 8x8x8 block grid on an 8x8x8 torus, 1 hop apart.
  EXPECT_EQ(evaluate(graph, alloc, m).max_dilation, 1);
}

// The main job's machine: a 4x4x4 torus with 4 cores per node, full (256 tasks as an 8x8x4 grid), where the launcher's
// order splits x-lines over nodes scattered through the torus.
TEST(BlockedMapping, BeatsDefaultOnMultiCoreNodes) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 4}), 4);
  const TaskGraph graph = test::stencil({8, 8, 4}, 7);
  const Metrics by_default = evaluate(graph, alloc, map_default(graph, alloc, {}));
  const Metrics blocked = evaluate(graph, alloc, map_blocked(graph, alloc, {}));
  EXPECT_LT(blocked.hop_bytes, by_default.hop_bytes);
  EXPECT_LT(blocked.offnode_fraction, by_default.offnode_fraction);
}

// 64 tasks (4x4x4) on a 4x4 plane of nodes with 4 cores: the launcher's x-lines already sit on a 4x4 box of the same
// shape (every off-node message 1 hop, 1536 hop-bytes by hand: 192 messages x 8 B); blocked must not do worse.
TEST(BlockedMapping, NoWorseThanAPerfectDefault) {
  std::vector<int> plane(16);
  for (int i = 0; i < 16; ++i) plane[i] = i;
  const Allocation alloc(test::make_torus({4, 4, 4}), plane, 4);
  const TaskGraph graph = test::stencil({4, 4, 4}, 7);
  const Metrics by_default = evaluate(graph, alloc, map_default(graph, alloc, {}));
  EXPECT_EQ(by_default.hop_bytes, 1536);
  EXPECT_LE(evaluate(graph, alloc, map_blocked(graph, alloc, {})).hop_bytes, by_default.hop_bytes);
}

TEST(BlockedMapping, WithoutExactTilingStillFillsNodes) {
  // 5x5 tasks on 7 nodes x 4 cores (28 slots): no 4-cell tile divides 5x5, so tasks are bisected straight on.
  auto torus = test::make_torus({7});
  const Allocation alloc = Allocation::whole_machine(torus, 4);
  const TaskGraph graph = test::stencil({5, 5});
  const Mapping m = map_blocked(graph, alloc, {});
  m.validate(1);
  for (const auto& node : tasks_per_node(graph, alloc, m)) EXPECT_LE(node.size(), 4u);
  EXPECT_LT(evaluate(graph, alloc, m).hop_bytes,
            evaluate(graph, alloc, map_random(graph, alloc, {})).hop_bytes);
}

TEST(BlockedMapping, UsesCoordinatesWithoutAGrid) {
  // Two clusters of tasks far apart in space, talking only inside the cluster: each cluster gets one node.
  std::vector<Edge> edges = {{0, 1, 10}, {1, 0, 10}, {2, 3, 10}, {3, 2, 10}};
  TaskGraph graph = TaskGraph::from_edges(4, edges);
  graph.set_coordinates(1, {0.0, 0.5, 100.0, 100.5});
  const Allocation alloc = Allocation::whole_machine(test::make_torus({2}), 2);
  const Metrics m = evaluate(graph, alloc, map_blocked(graph, alloc, {}));
  EXPECT_EQ(m.offnode_fraction, 0.0);
}

// On a switch tree each leaf switch's nodes hold one box of node blocks, so its uplink carries only the box's
// surface: a 27-point MiniGhost of 16x16x8 tasks on 16 switches of 8 nodes of 16 cores, whose boxes of least
// surface in node blocks are not those of the least bytes.
TEST(BlockedMapping, EachLeafSwitchHoldsABox) {
  const MachineDescription d = test::read_machine(test::tree_file(16, 8, 16));
  const Allocation& alloc = d.allocation;
  const TaskGraph graph = generate_graph("minighost:16x16x8,nx=20,ny=20,nz=20,vars=40,stencil=3d27pt,sum=0");
  MapOptions options;
  options.objective = Objective::time;
  const Mapping m = map_blocked(graph, alloc, options);
  const auto nodes = tasks_per_node(graph, alloc, m);
  for (int s = 0; s < 16; ++s) {
    std::vector<int> lo(3, 1 << 20), hi(3, -1);
    std::size_t count = 0;
    for (int n = 8 * s; n < 8 * s + 8; ++n) {  // a leaf switch's nodes, in the machine file's order
      count += nodes[n].size();
      for (const auto& c : nodes[n])
        for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], c[k]), hi[k] = std::max(hi[k], c[k]);
    }
    ASSERT_EQ(count, 128u);
    EXPECT_EQ((hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1), 128) << "switch " << s;
  }
  // Boxes of 8x4x4 tasks: 17,346,560 B on the busiest uplink, where the 4x4x8 boxes that bisecting the nodes
  // gives load it with 19,824,640 B.
  EvaluateOptions link_loads;
  link_loads.link_loads = true;
  EXPECT_LE(evaluate(graph, alloc, m, link_loads).max_link_load, 17346560.0);
}

// One step of the flow engine (the step model's verdict at a run's windows).
double step_seconds(const TaskGraph& graph, const Allocation& alloc, const Mapping& m) {
  EvaluateOptions one_step;
  one_step.link_loads = true;
  one_step.steps = 1;
  return evaluate(graph, alloc, m, one_step).predicted_comm_time;
}

// On a switch tree with level distances, under the time objective, the candidates the phases put within 5% of the
// best are ranked by the step model: for a 7-point stencil of 16x8x8 tasks on 8 switches of 8 16-core nodes, five
// placements tie by the phases (the same busiest uplink, the same hop-bytes) and the first of them, which the
// phases alone keep, takes 33.24 us a step, the fastest 32.88 us. Without level distances, or with the ranking
// off (step_model_work 0), the phases decide as before.
TEST(BlockedMapping, StepModelRanksTheCandidatesThePhasesTie) {
  const TaskGraph graph = generate_graph("stencil3d:16x8x8,local=20x20x20");
  MapOptions by_steps;
  by_steps.objective = Objective::time;
  MapOptions by_phases = by_steps;
  by_phases.step_model_work = 0;
  const MachineDescription d = test::read_machine(test::tree_file(8, 8, 16));
  const Mapping stepped = map_blocked(graph, d.allocation, by_steps);
  const Mapping phased = map_blocked(graph, d.allocation, by_phases);
  const double phases_of_stepped = evaluate(graph, d.allocation, stepped).predicted_comm_time;
  const double phases_of_phased = evaluate(graph, d.allocation, phased).predicted_comm_time;
  EXPECT_LE(phases_of_stepped, phases_of_phased * 1.05);
  EXPECT_LT(step_seconds(graph, d.allocation, stepped), 0.995 * step_seconds(graph, d.allocation, phased));
  EXPECT_EQ(map_blocked(graph, d.allocation, by_steps).slots(), stepped.slots());  // deterministic

  const MachineDescription plain = test::read_machine(test::tree_file(8, 8, 16, ""));
  by_phases.step_model_work = by_steps.step_model_work;
  const Mapping plain_default = map_blocked(graph, plain.allocation, by_phases);
  by_phases.step_model_work = 0;
  EXPECT_EQ(plain_default.slots(), map_blocked(graph, plain.allocation, by_phases).slots());
}

}  // namespace
}  // namespace tamp
