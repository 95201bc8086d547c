// sparse_allocation_nodes(): pieces of consecutive ids, spread with random gaps, deterministic for a seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "tamp/sparse_allocation.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

TEST(SparseAllocation, PiecesOfConsecutiveIdsInIncreasingOrder) {
  const auto torus = test::make_torus({8, 4, 8}, true, 2);  // 512 nodes
  SparseAllocationOptions o;
  o.nodes = 60;
  o.chunk = 8;
  o.seed = 3;
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
  SparseAllocationOptions o;
  o.nodes = 256;
  o.chunk = 8;
  o.seed = 1;
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
