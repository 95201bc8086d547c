// The closest subset of cores when tasks are fewer ([Deveci14] §IV-B case 3; Zoltan2's modified K-means).
#include <gtest/gtest.h>

#include <numeric>

#include "algorithms/geometric/geometric.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp::impl {
namespace {

// Clusters start at 11 (max corner), 0 (min corner) and 5.5 (centre). From 0 the nearest four are 0..3 (total
// distance to their mean 1.5: 4); from 11 they drift to {2, 3, 10, 11} (total 16); the tight cluster wins.
TEST(GeometricClosestSubset, PicksTheTightCluster) {
  const PointSet p{1, {10, 0, 1, 11, 2, 3}};
  EXPECT_EQ(closest_subset(p, std::vector<int>(6, 1), 4), (std::vector<int>{0, 1, 1, 0, 1, 1}));
}

// Nodes of 4 cores at x = 0, 1, 3, 9; six cores wanted. From the min corner: the 4 cores at 0, then 2 at 1
// (mean 1/3, total 8/3); from the centre seed (4.5): 4 at 3 and 2 at 1 (total 16/3); from 9: 4 at 9 and 2 at
// 3 (16).
TEST(GeometricClosestSubset, TakesWholeNodesThenPartOfTheNext) {
  const PointSet p{1, {0, 1, 3, 9}};
  EXPECT_EQ(closest_subset(p, {4, 4, 4, 4}, 6), (std::vector<int>{4, 2, 0, 0}));
}

TEST(GeometricClosestSubset, BlockAmongOutliersIn2D) {
  PointSet p{2, {}};
  std::vector<int> expected;
  for (auto [x, y] : std::vector<std::pair<int, int>>{{0, 0}, {30, 0}, {0, 30}, {30, 30}, {15, 29}}) {
    p.coords.push_back(x), p.coords.push_back(y);
    expected.push_back(0);
  }
  for (int x = 10; x < 13; ++x)
    for (int y = 10; y < 13; ++y) p.coords.push_back(x), p.coords.push_back(y), expected.push_back(1);
  EXPECT_EQ(closest_subset(p, std::vector<int>(14, 1), 9), expected);
}

TEST(GeometricClosestSubset, EdgeCases) {
  const PointSet p{1, {0, 5, 7}};
  EXPECT_EQ(closest_subset(p, {2, 0, 3}, 5), (std::vector<int>{2, 0, 3}));
  EXPECT_EQ(closest_subset(p, {2, 0, 3}, 0), (std::vector<int>{0, 0, 0}));
  EXPECT_THROW(closest_subset(p, {2, 0, 3}, 6), std::invalid_argument);
  EXPECT_THROW(closest_subset(p, {2, 0}, 1), std::invalid_argument);
  const std::vector<int> taken = closest_subset(p, {2, 1, 3}, 4);
  EXPECT_EQ(std::accumulate(taken.begin(), taken.end(), 0), 4);
}

// Eight tasks (a 2x2x2 grid) and 28 allocated nodes: a 2x2x2 box of nodes and 20 scattered ones. The mapping
// uses the box, so every message travels one hop.
TEST(GeometricClosestSubset, FewerTasksThanCoresUseACompactSubset) {
  auto torus = test::make_torus({12, 12, 12});
  std::vector<int> nodes;
  for (int i = 0; i < 20; ++i) nodes.push_back(torus->router_index({i % 6 * 2, i / 6 * 3, 0}));
  for (int z = 8; z < 10; ++z)
    for (int y = 8; y < 10; ++y)
      for (int x = 8; x < 10; ++x) nodes.push_back(torus->router_index({x, y, z}));
  const Allocation alloc(torus, nodes, 1);
  const TaskGraph graph = test::stencil({2, 2, 2});
  for (auto mapper : {map_geom, map_geom_r, map_geom_rs}) {
    const Mapping m = mapper(graph, alloc, {});
    m.validate(1);
    EXPECT_EQ(evaluate(graph, alloc, m).hops_per_byte, 1.0);
    for (int t = 0; t < 8; ++t) EXPECT_GE(m.slot(t), 20);
  }
}

}  // namespace
}  // namespace tamp::impl
