#include <gtest/gtest.h>

#include <random>

#include "algorithms/composite/composite.hpp"
#include "algorithms/impl/objective.hpp"
#include "tamp/algorithms.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

TaskGraph chain(int n, double bytes = 1) {
  std::vector<Edge> edges;
  for (int t = 0; t + 1 < n; ++t) edges.push_back({t, t + 1, bytes}), edges.push_back({t + 1, t, bytes});
  return TaskGraph::from_edges(n, edges);
}

impl::Score score_of(const TaskGraph& g, const Allocation& a, const Mapping& m, Objective o) {
  return impl::score(g, a, m, o);
}

// Chain 0-1-2-3 on a line of 4 nodes, tasks 1 and 2 exchanged: 2 + 1 + 2 hops each way = 10 hop-bytes; one
// swap gives the optimum, 3 hops each way = 6.
TEST(Refine, OneSwapMendsAChain) {
  const Allocation line = Allocation::whole_machine(test::make_torus({4}, false), 1);
  const TaskGraph graph = chain(4);
  const Mapping crossed({0, 2, 1, 3}, 4);
  EXPECT_DOUBLE_EQ(evaluate(graph, line, crossed).hop_bytes, 10);
  const Mapping refined = impl::refine_mapping(graph, line, {}, crossed);
  EXPECT_DOUBLE_EQ(evaluate(graph, line, refined).hop_bytes, 6);
}

// With more slots than tasks, tasks move into free slots: 4 tasks spread over a line of 8 nodes end up
// contiguous.
TEST(Refine, MovesIntoFreeSlots) {
  const Allocation line = Allocation::whole_machine(test::make_torus({8}, false), 1);
  const TaskGraph graph = chain(4);
  const Mapping spread({0, 7, 3, 5}, 8);
  const Mapping refined = impl::refine_mapping(graph, line, {}, spread);
  refined.validate();
  EXPECT_DOUBLE_EQ(evaluate(graph, line, refined).hop_bytes, 6);
}

// The work bound is deterministic and really bounds: no work, no change; no passes, no change.
TEST(Refine, BoundsStopIt) {
  const Allocation line = Allocation::whole_machine(test::make_torus({4}, false), 1);
  const Mapping crossed({0, 2, 1, 3}, 4);
  MapOptions options;
  options.refine_work = 0;
  EXPECT_EQ(impl::refine_mapping(chain(4), line, options, crossed).slots(), crossed.slots());
  options = {};
  options.refine_passes = 0;
  EXPECT_EQ(impl::refine_mapping(chain(4), line, options, crossed).slots(), crossed.slots());
}

// The group phase, worked by hand. A ring 0-1-2-3-4-5-0 (1 byte each way) on 3 leaf switches of one 2-core
// node each: switch A holds {0, 3}, B {1, 4}, C {2, 5}. Every group's boundary is 4 ring edges (8 bytes, both
// directions counted) and every uplink carries 4 bytes each way. A is the first group at the max; B and C are
// both 4 bytes from it, B first. A's tasks 0 and 3 would lower A's boundary by 4 by leaving, B's 1 and 4 change
// it by 0 by joining. Of the four pairs, 0 <-> 4 gives A {3, 4} and B {0, 1}, 4 bytes each (C stays at 8): max
// 8 at one group instead of three. C is then the max; its sibling A comes first, and the first of its best
// pairs, 2 <-> 4, leaves A {2, 3}, B {0, 1}, C {4, 5}: 4 bytes on every boundary, 2 each way on every uplink.
TEST(Refine, GroupPhaseBalancesTheBusiestUplinkByHand) {
  const MachineDescription d = test::read_machine(test::tree_file(3, 1, 2));
  std::vector<Edge> edges;
  for (int t = 0; t < 6; ++t) edges.push_back({t, (t + 1) % 6, 1}), edges.push_back({(t + 1) % 6, t, 1});
  const TaskGraph ring = TaskGraph::from_edges(6, edges);
  const Mapping start({0, 2, 4, 1, 3, 5}, 6);  // task t on slot start[t]: node = slot / 2
  EXPECT_DOUBLE_EQ(evaluate(ring, d.allocation, start).max_link_load, 4);
  MapOptions options;
  options.objective = Objective::congestion;
  const Mapping balanced = impl::balance_group_boundaries(d.allocation, options, impl::symmetrize(ring), start);
  EXPECT_EQ(balanced.slots(), (std::vector<int>{3, 2, 0, 1, 4, 5}));
  EXPECT_DOUBLE_EQ(evaluate(ring, d.allocation, balanced).max_link_load, 2);
  // refine under the congestion objective runs it. A k-ary n-tree, whose leaves send up over several links, is
  // left alone, and so is a torus.
  EXPECT_DOUBLE_EQ(evaluate(ring, d.allocation, impl::refine_mapping(ring, d.allocation, options, start)).max_link_load, 2);
  FatTreeSpec kary;
  kary.arity = 2;
  kary.levels = 3;  // 4 leaves x 2 nodes
  for (const Allocation& other : {Allocation::whole_machine(std::make_shared<FatTree>(kary), 1),
                                  Allocation::whole_machine(test::make_torus({8}, false), 1)})
    EXPECT_EQ(impl::balance_group_boundaries(other, options, impl::symmetrize(ring), Mapping(start.slots(), 8)).slots(),
              start.slots());
  options.refine_work = 0;  // the work bound stops it before any exchange
  EXPECT_EQ(impl::balance_group_boundaries(d.allocation, options, impl::symmetrize(ring), start).slots(), start.slots());
}

TEST(Refine, RejectsAMappingOfAnotherProblem) {
  const Allocation line = Allocation::whole_machine(test::make_torus({4}, false), 1);
  EXPECT_THROW(impl::refine_mapping(chain(4), line, {}, Mapping({0, 1, 2}, 4)), std::invalid_argument);
  EXPECT_THROW(impl::refine_mapping(chain(4), line, {}, Mapping({0, 0, 1, 2}, 4)), std::invalid_argument);
}

struct RefineProblem {
  const char* name;
  TaskGraph graph;
  Allocation allocation;
  int max_tasks_per_slot;
};

std::vector<RefineProblem> refine_problems() {
  std::vector<RefineProblem> list;
  list.push_back({"2D stencil on a 2D torus", test::stencil({8, 8}, 5),
                  Allocation::whole_machine(test::make_torus({8, 8}), 1), 1});
  list.push_back({"3D stencil, 4 cores per node", test::stencil({8, 8, 4}, 7),
                  Allocation::whole_machine(test::make_torus({4, 4, 4}), 4), 1});
  list.push_back({"27-point on a mesh", test::stencil({4, 4, 4}, 27),
                  Allocation::whole_machine(test::make_torus({4, 4, 4}, false), 1), 1});
  // A sparse allocation: 20 scattered nodes of a 4x4x4 torus (2 per router), 2 cores, a 40-task random graph.
  std::mt19937_64 engine(11);
  std::vector<int> nodes;
  for (int n = 0; n < 128; ++n)
    if (engine() % 5 < 2 && nodes.size() < 20) nodes.push_back(n);
  std::vector<Edge> edges;
  for (int t = 0; t < 40; ++t)
    for (int k = 0; k < 3; ++k) edges.push_back({t, static_cast<int>(engine() % 40), 1.0 + engine() % 100});
  list.push_back({"random graph, sparse allocation", TaskGraph::from_edges(40, edges),
                  Allocation(test::make_torus({4, 4, 4}, true, 2), nodes, 2), 1});
  // More tasks than slots: 128 tasks, 2 per slot on 32 nodes x 2 cores.
  list.push_back({"two tasks per slot", test::stencil({8, 16}, 5),
                  Allocation::whole_machine(test::make_torus({4, 8}), 2), 2});
  return list;
}

Mapping random_start(const RefineProblem& p, std::uint64_t seed) {
  MapOptions options;
  options.seed = seed;
  options.max_tasks_per_slot = p.max_tasks_per_slot;
  return map_tasks("random", p.graph, p.allocation, options);
}

// Never worse than its input, valid, deterministic, and clearly better than a random start, for both
// objectives.
TEST(Refine, PropertiesOnSeveralProblems) {
  for (const RefineProblem& p : refine_problems()) {
    for (Objective objective : {Objective::hop_bytes, Objective::congestion}) {
      SCOPED_TRACE(std::string(p.name) + ", " + std::string(to_string(objective)));
      MapOptions options;
      options.objective = objective;
      options.max_tasks_per_slot = p.max_tasks_per_slot;
      options.refine_seconds = 0;  // no wall-clock cap: the result must not depend on the machine
      for (std::uint64_t seed : {1, 2, 3}) {
        const Mapping start = random_start(p, seed);
        const Mapping refined = impl::refine_mapping(p.graph, p.allocation, options, start);
        refined.validate(p.max_tasks_per_slot);
        const impl::Score before = score_of(p.graph, p.allocation, start, objective);
        const impl::Score after = score_of(p.graph, p.allocation, refined, objective);
        EXPECT_FALSE(before < after);
        EXPECT_LT(evaluate(p.graph, p.allocation, refined).hop_bytes,
                  0.9 * evaluate(p.graph, p.allocation, start).hop_bytes);
        EXPECT_EQ(impl::refine_mapping(p.graph, p.allocation, options, start).slots(), refined.slots());
      }
    }
  }
}

// An optimal input stays optimal (here: the identity of a grid onto a torus of the same shape).
TEST(Refine, KeepsAnOptimalMapping) {
  const Allocation torus = Allocation::whole_machine(test::make_torus({8, 8}), 1);
  const TaskGraph graph = test::stencil({8, 8}, 5, true);
  const Mapping identity = map_default(graph, torus, {});
  const Mapping refined = impl::refine_mapping(graph, torus, {}, identity);
  EXPECT_DOUBLE_EQ(evaluate(graph, torus, refined).hop_bytes, evaluate(graph, torus, identity).hop_bytes);
}

// Through the registry: NAME+refine runs NAME, then refine.
TEST(Refine, AsAPostProcessingStep) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 4}), 4);
  const TaskGraph graph = test::stencil({8, 8, 4}, 7);
  const Mapping plain = map_tasks("default", graph, alloc);
  const Mapping refined = map_tasks("default+refine", graph, alloc);
  EXPECT_LT(evaluate(graph, alloc, refined).hop_bytes, evaluate(graph, alloc, plain).hop_bytes);
  const Mapping twice = map_tasks("default+refine+refine", graph, alloc);
  EXPECT_LE(evaluate(graph, alloc, twice).hop_bytes, evaluate(graph, alloc, refined).hop_bytes);
  EXPECT_THROW(map_tasks("default+polish", graph, alloc), std::invalid_argument);
}

// Only a node phase can mend this: three nodes in a line, 2 cores each, groups X, Y, Z of two tasks held
// together by 100-byte pairs; X talks to Z (10 bytes) but they sit at the two ends. Moving one task of Z next
// to X would stretch a 100-byte pair; exchanging the contents of the middle and the last node costs nothing.
TEST(Refine, ExchangesWholeNodes) {
  const Allocation line = Allocation::whole_machine(test::make_torus({3}, false), 2);
  std::vector<Edge> edges;
  for (int g = 0; g < 3; ++g) edges.push_back({2 * g, 2 * g + 1, 100}), edges.push_back({2 * g + 1, 2 * g, 100});
  edges.push_back({0, 4, 10});
  edges.push_back({4, 0, 10});
  const TaskGraph graph = TaskGraph::from_edges(6, edges);
  const Mapping start({0, 1, 2, 3, 4, 5}, 6);
  EXPECT_DOUBLE_EQ(evaluate(graph, line, start).hop_bytes, 40);
  const Mapping refined = impl::refine_mapping(graph, line, {}, start);
  EXPECT_DOUBLE_EQ(evaluate(graph, line, refined).hop_bytes, 20);
  // Each task keeps its core index: the node phase moves whole contents.
  for (int t = 0; t < 6; ++t) EXPECT_EQ(line.core_of_slot(refined.slot(t)), t % 2);
}

// The polish lowers max congestion (or the number of links at it) and never raises hop-bytes. A 4-ring torus:
// 0->2 and 3->1 are both 2 hops either way, so both go + (ties to +) and share link 0+ (16 bytes, the rest 8).
// Task 0 is hot; exchanging it with task 1 shortens both messages and unloads link 0+.
TEST(Refine, PolishUnloadsTheHottestLink) {
  const Allocation ring = Allocation::whole_machine(test::make_torus({4}), 1);
  const TaskGraph graph = TaskGraph::from_edges(4, {{0, 2, 8}, {3, 1, 8}});
  const Mapping start({0, 1, 2, 3}, 4);
  const Metrics before = evaluate(graph, ring, start);
  EXPECT_DOUBLE_EQ(before.max_link_load, 16);
  const Mapping polished = impl::polish_congestion(graph, ring, {}, start);
  const Metrics after = evaluate(graph, ring, polished);
  EXPECT_LE(after.hop_bytes, before.hop_bytes);
  EXPECT_LT(after.max_congestion, before.max_congestion);
  // And over random problems: never worse in either.
  for (const RefineProblem& p : refine_problems()) {
    SCOPED_TRACE(p.name);
    MapOptions options;
    options.max_tasks_per_slot = p.max_tasks_per_slot;
    options.refine_seconds = 0;
    const Mapping start_p = random_start(p, 5);
    const Mapping out = impl::polish_congestion(p.graph, p.allocation, options, start_p);
    out.validate(p.max_tasks_per_slot);
    const Metrics b = evaluate(p.graph, p.allocation, start_p), a = evaluate(p.graph, p.allocation, out);
    EXPECT_LE(a.hop_bytes, b.hop_bytes);
    EXPECT_LE(a.max_congestion, b.max_congestion);
  }
}

}  // namespace
}  // namespace tamp
