// sparse_allocation_nodes(): pieces of consecutive ids, spread with random gaps, deterministic for a seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "tamp/sparse_allocation.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

SparseAllocationOptions sparse_job_options(int nodes, int chunk, std::uint64_t seed) {
  SparseAllocationOptions o;
  o.nodes = nodes;
  o.chunk = chunk;
  o.seed = seed;
  return o;
}

TEST(SparseAllocation, PiecesOfConsecutiveIdsInIncreasingOrder) {
  const auto torus = test::make_torus({8, 4, 8}, true, 2);  // 512 nodes
  SparseAllocationOptions o = sparse_job_options(60, 8, 3);
  const std::vector<int> nodes = sparse_allocation_nodes(*torus, o);
  ASSERT_EQ(nodes.size(), 60u);
  EXPECT_TRUE(std::is_sorted(nodes.begin(), nodes.end()));
  EXPECT_EQ(std::set<int>(nodes.begin(), nodes.end()).size(), 60u);
  EXPECT_GE(nodes.front(), 0);
  EXPECT_LT(nodes.back(), 512);
  // Within each piece of 8 (the last one has 4) the ids are consecutive.
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (i % 8 != 0) {
      EXPECT_EQ(nodes[i], nodes[i - 1] + 1) << "at " << i;
    }
  }
  // Spread over the machine: with 452 free nodes in 9 gaps the pieces are not all adjacent.
  EXPECT_GT(nodes.back() - nodes.front(), 100);
}

TEST(SparseAllocation, DeterministicPerSeedAndDifferentAcrossSeeds) {
  const auto torus = test::make_torus({16, 12, 24}, true, 2);
  SparseAllocationOptions o = sparse_job_options(256, 8, 1);
  const std::vector<int> a = sparse_allocation_nodes(*torus, o);
  EXPECT_EQ(a, sparse_allocation_nodes(*torus, o));
  o.seed = 2;
  EXPECT_NE(a, sparse_allocation_nodes(*torus, o));
}

TEST(SparseAllocation, WholeMachineAndOneNodePieces) {
  const auto torus = test::make_torus({4, 4}, true, 1);
  SparseAllocationOptions o;
  o.nodes = 16;
  o.chunk = 3;
  std::vector<int> all(16);
  for (int i = 0; i < 16; ++i) all[i] = i;
  EXPECT_EQ(sparse_allocation_nodes(*torus, o), all);  // no free node: no gap
  o.nodes = 5;
  o.chunk = 1;
  EXPECT_EQ(sparse_allocation_nodes(*torus, o).size(), 5u);
}

// Along the curve, a job's consecutive nodes share a router or sit on neighbouring routers: the order is a
// space-filling curve over the routers, each router's nodes together.
TEST(SparseAllocation, CurveOrderVisitsEveryNodeOnceStepsBetweenNeighbours) {
  const auto torus = test::make_torus({4, 6, 8}, true, 2);  // even sides: every step between neighbours
  const std::vector<int> order = allocation_order(*torus, AllocationOrder::curve);
  ASSERT_EQ(order.size(), 384u);
  EXPECT_EQ(std::set<int>(order.begin(), order.end()).size(), 384u);
  for (std::size_t i = 1; i < order.size(); ++i) {
    EXPECT_LE(torus->hops(order[i - 1], order[i]), 1) << "at " << i;
  }
  EXPECT_EQ(torus->router_of_node(order[0]), torus->router_of_node(order[1]));
  // Node ids: the identity.
  const std::vector<int> ids = allocation_order(*torus, AllocationOrder::ids);
  for (int i = 0; i < 384; ++i) EXPECT_EQ(ids[static_cast<std::size_t>(i)], i);
}

// With a density the pieces fall in a stretch of nodes / density nodes of the order; the job's nodes come in
// the order's order, in pieces of consecutive nodes of it.
TEST(SparseAllocation, DensityKeepsTheJobInAStretchOfTheCurve) {
  const auto torus = test::make_torus({16, 12, 24}, true, 2);  // Cielo's torus: 9,216 nodes
  const std::vector<int> order = allocation_order(*torus, AllocationOrder::curve);
  std::vector<int> position(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) position[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  SparseAllocationOptions o = sparse_job_options(256, 8, 4);
  o.order = AllocationOrder::curve;
  o.density = 0.5;
  const std::vector<int> nodes = sparse_allocation_nodes(*torus, o);
  ASSERT_EQ(nodes.size(), 256u);
  EXPECT_EQ(std::set<int>(nodes.begin(), nodes.end()).size(), 256u);
  // Positions along the curve, unwrapped past the end: increasing, within 512 of the first.
  const int total = static_cast<int>(order.size());
  const int first = position[static_cast<std::size_t>(nodes[0])];
  int previous = -1;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const int along = (position[static_cast<std::size_t>(nodes[i])] - first + total) % total;
    EXPECT_GT(along, previous) << "at " << i;
    EXPECT_LT(along, 512) << "at " << i;
    if (i % 8 != 0) {
      EXPECT_EQ(along, previous + 1) << "at " << i;
    }
    previous = along;
  }
  EXPECT_EQ(sparse_allocation_nodes(*torus, o), nodes);  // deterministic
  // The whole machine's spread (no density) reaches much further along the curve.
  o.density = 0;
  const std::vector<int> spread = sparse_allocation_nodes(*torus, o);
  const int reach = position[static_cast<std::size_t>(spread.back())] - position[static_cast<std::size_t>(spread[0])];
  EXPECT_GT(reach, 4000);
}

// Whole-machine jobs in id order are the ones written before orders and densities existed.
TEST(SparseAllocation, DefaultOptionsKeepTheIdOrderSpread) {
  const auto torus = test::make_torus({8, 4, 8}, true, 2);
  SparseAllocationOptions o = sparse_job_options(60, 8, 3);
  const std::vector<int> plain = sparse_allocation_nodes(*torus, o);
  o.order = AllocationOrder::ids;
  o.density = 60.0 / 512;  // the whole machine: the same stretch
  EXPECT_EQ(sparse_allocation_nodes(*torus, o), plain);
  o.density = 1e-300;  // a stretch longer than the machine: the whole machine (no overflow on the way)
  EXPECT_EQ(sparse_allocation_nodes(*torus, o), plain);
}

TEST(SparseAllocation, RejectsBadOrdersAndDensities) {
  const auto torus = test::make_torus({4, 4}, true, 1);
  SparseAllocationOptions o;
  o.nodes = 4;
  o.density = 1.5;
  EXPECT_THROW(sparse_allocation_nodes(*torus, o), std::invalid_argument);
  o.density = -0.1;
  EXPECT_THROW(sparse_allocation_nodes(*torus, o), std::invalid_argument);
  EXPECT_THROW(parse_allocation_order("hilbert"), std::invalid_argument);
  EXPECT_EQ(parse_allocation_order("curve"), AllocationOrder::curve);
}

TEST(SparseAllocation, RejectsJobsThatDoNotFit) {
  const auto torus = test::make_torus({4, 4}, true, 1);
  SparseAllocationOptions o;
  o.nodes = 17;
  EXPECT_THROW(sparse_allocation_nodes(*torus, o), std::invalid_argument);
  o.nodes = 0;
  EXPECT_THROW(sparse_allocation_nodes(*torus, o), std::invalid_argument);
  o.nodes = 4;
  o.chunk = 0;
  EXPECT_THROW(sparse_allocation_nodes(*torus, o), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
