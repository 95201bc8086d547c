// tamp-netbench's pairings without MPI: WICON's `near` (nearest task on another node, any allocation) against
// `nn`, on whole tori, sparse torus jobs, several cores per node, a fat tree and a dragonfly.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <vector>

#include "near_pairs.hpp"
#include "phases.hpp"
#include "tamp/dragonfly.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/torus.hpp"

namespace tamp::netbench {
namespace {

std::shared_ptr<const Machine> torus(std::vector<int> dims, int nodes_per_router = 1) {
  TorusSpec spec;
  spec.dims = std::move(dims);
  spec.nodes_per_router = nodes_per_router;
  return std::make_shared<Torus>(spec);
}

NetbenchSpec wicon(const char* pairing) {
  NetbenchSpec spec;
  spec.benchmark = Benchmark::wicon;
  spec.sizes = {8};
  spec.pairings = {pairing};
  return spec;
}

// Every task's partner is paired back, and hops of each pair.
std::vector<int> pair_hops(const Allocation& job, const std::vector<int>& partner) {
  std::vector<int> hops;
  for (int t = 0; t < job.num_slots(); ++t) {
    if (partner[t] < 0) continue;
    EXPECT_EQ(partner[partner[t]], t) << "task " << t;
    hops.push_back(job.machine().hops(job.machine_node_of_slot(t), job.machine_node_of_slot(partner[t])));
  }
  return hops;
}

TEST(NearPairs, WholeTorusGivesTheNnPairs) {
  const Allocation job = Allocation::whole_machine(torus({4, 4, 4}), 1);
  const std::vector<int> near = nearest_pairs(job);
  const std::vector<Phase> nn = make_phases(wicon("nn"), job, 1);
  EXPECT_EQ(near, nn[0].partner);  // x even with x + 1: the lowest of the 1-hop candidates
  for (int h : pair_hops(job, near)) EXPECT_EQ(h, 1);
}

TEST(NearPairs, TiesGoToTheLowestTask) {
  // A ring of 4: task 0 has tasks 1 and 3 one hop away and takes 1; task 2 then takes 3.
  const Allocation job = Allocation::whole_machine(torus({4, 1, 1}), 1);
  EXPECT_EQ(nearest_pairs(job), (std::vector<int>{1, 0, 3, 2}));
}

TEST(NearPairs, SparseTorusJobPairsWhereNnCannot) {
  // Nodes 0, 1, 3 and 6 of a ring of 8: no whole line, so nn refuses; near pairs 0-1 (1 hop), 3-6 (3 hops).
  const Allocation job(torus({8, 1, 1}), {0, 1, 3, 6}, 1);
  EXPECT_THROW(make_phases(wicon("nn"), job, 1), std::invalid_argument);
  const std::vector<Phase> phases = make_phases(wicon("near"), job, 1);
  ASSERT_EQ(phases.size(), 1u);
  EXPECT_EQ(phases[0].name, "near");
  EXPECT_EQ(phases[0].protocol, Protocol::pairs);
  EXPECT_EQ(phases[0].partner, (std::vector<int>{1, 0, 3, 2}));
  EXPECT_EQ(pair_hops(job, phases[0].partner), (std::vector<int>{1, 1, 3, 3}));
}

TEST(NearPairs, NearestFirstNotTaskOrder) {
  // Ring of 8, job nodes in the order 0, 4, 1, 5: task 0 (node 0) takes task 2 (node 1, 1 hop), not task 1
  // (node 4, 4 hops); task 1 (node 4) then takes task 3 (node 5).
  const Allocation job(torus({8, 1, 1}), {0, 4, 1, 5}, 1);
  EXPECT_EQ(nearest_pairs(job), (std::vector<int>{2, 3, 0, 1}));
}

TEST(NearPairs, NeverPairsTwoCoresOfOneNode) {
  // Two nodes of two cores: core c of node 0 pairs with core c of node 1, never with its own node.
  const Allocation job(torus({2, 1, 1}), {0, 1}, 2);
  EXPECT_EQ(nearest_pairs(job), (std::vector<int>{2, 3, 0, 1}));
  // One node: nobody has a partner on another node.
  const Allocation alone(torus({2, 1, 1}), {0}, 4);
  EXPECT_EQ(nearest_pairs(alone), (std::vector<int>{-1, -1, -1, -1}));
  // Three single-core nodes: the last one is idle.
  const Allocation odd = Allocation::whole_machine(torus({3, 1, 1}), 1);
  EXPECT_EQ(nearest_pairs(odd), (std::vector<int>{1, 0, -1}));
}

TEST(NearPairs, SharedRoutersPairFirst) {
  // Gemini-like: two nodes per router, 0 hops apart; they pair with each other before any 1-hop node.
  const Allocation job = Allocation::whole_machine(torus({4, 1, 1}, 2), 1);
  const std::vector<int> partner = nearest_pairs(job);
  EXPECT_EQ(partner, (std::vector<int>{1, 0, 3, 2, 5, 4, 7, 6}));
  for (int h : pair_hops(job, partner)) EXPECT_EQ(h, 0);
}

TEST(NearPairs, FatTreeStaysOnTheLeaf) {
  // 4-ary 2-tree with 3 nodes per leaf, 8 nodes: leaf 0 = nodes 0-2, leaf 1 = 3-5, leaf 2 = 6-7. Nearest
  // pairs first: 0-1, 3-4 and 6-7 on their leaf (0 hops), then 2 and 5 across the spine (2 hops). Task order
  // alone would have paired 2 with 3 and left 4-5, 6-7: the 0-hop pair 3-4 is formed first.
  FatTreeSpec spec;
  spec.arity = 4;
  spec.levels = 2;
  spec.nodes_per_leaf = 3;
  auto tree = std::make_shared<FatTree>(spec);
  const Allocation job(tree, {0, 1, 2, 3, 4, 5, 6, 7}, 1);
  EXPECT_THROW(make_phases(wicon("nn"), job, 1), std::invalid_argument);  // no torus
  const std::vector<int> partner = nearest_pairs(job);
  EXPECT_EQ(partner, (std::vector<int>{1, 0, 5, 4, 3, 2, 7, 6}));
  EXPECT_EQ(pair_hops(job, partner), (std::vector<int>{0, 0, 2, 0, 0, 2, 0, 0}));
}

TEST(NearPairs, DragonflyPairsByHops) {
  DragonflySpec spec;
  spec.groups = 2;
  spec.group_dims = {2};
  spec.global_links = 1;
  spec.nodes_per_router = 1;
  auto fly = std::make_shared<Dragonfly>(spec);
  const Allocation job = Allocation::whole_machine(fly, 1);
  const std::vector<int> partner = nearest_pairs(job);
  const std::vector<int> hops = pair_hops(job, partner);
  ASSERT_EQ(static_cast<int>(hops.size()), job.num_slots());
  EXPECT_EQ(hops[0], 1);  // node 0's nearest is the other router of its group
  EXPECT_EQ(partner[0], 1);
}

}  // namespace
}  // namespace tamp::netbench
