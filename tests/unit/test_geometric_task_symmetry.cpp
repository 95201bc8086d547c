// Task orderings that a rotation search may search once: swaps of equal axes that map the graph onto itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "algorithms/geometric/geometric.hpp"
#include "algorithms/geometric/mj_partition.hpp"
#include "test_geometric_support.hpp"

namespace tamp::impl {
namespace {

// Every ordering of `dims` axes, in the rotation search's (lexicographic) order.
std::vector<std::vector<int>> all_orders(int dims) {
  std::vector<int> axes(dims);
  std::iota(axes.begin(), axes.end(), 0);
  std::vector<std::vector<int>> orders;
  do orders.push_back(axes);
  while (std::next_permutation(axes.begin(), axes.end()));
  return orders;
}

std::vector<int> classes(const TaskGraph& graph, int threads = 1) {
  const MjPoints points(task_points(graph));
  return equivalent_task_orderings(graph, points, all_orders(points.dim()), threads);
}

// A 3D grid graph whose messages along axis d carry bytes[d] (both ways, no wrap).
TaskGraph grid_with_bytes(const std::vector<int>& dims, const std::vector<double>& bytes) {
  const GridShape grid{dims, std::vector<bool>(dims.size(), false)};
  std::vector<Edge> edges;
  const int n = static_cast<int>(grid.size());
  for (int t = 0; t < n; ++t) {
    const std::vector<int> c = grid.coords(t);
    for (std::size_t d = 0; d < dims.size(); ++d) {
      if (c[d] + 1 >= dims[d]) continue;
      std::vector<int> next = c;
      ++next[d];
      const int u = static_cast<int>(grid.index(next));
      edges.push_back({t, u, bytes[d]});
      edges.push_back({u, t, bytes[d]});
    }
  }
  TaskGraph g = TaskGraph::from_edges(n, edges);
  g.set_grid(grid);
  return g;
}

// Orderings (lexicographic): 0 = xyz, 1 = xzy, 2 = yxz, 3 = yzx, 4 = zxy, 5 = zyx.
TEST(GeometricTaskSymmetry, ACubeStencilsSixOrderingsAreOne) {
  EXPECT_EQ(classes(test::stencil({6, 6, 6}, 7)), (std::vector<int>{0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(classes(test::stencil({5, 5, 5}, 27, true), 2), (std::vector<int>{0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(classes(test::stencil({8, 8}, 5)), (std::vector<int>{0, 0}));
}

TEST(GeometricTaskSymmetry, OnlyAxesOfEqualExtentAreSwapped) {
  // x and y swap: xyz~yxz, xzy~yzx, zxy~zyx.
  EXPECT_EQ(classes(test::stencil({4, 4, 6}, 7)), (std::vector<int>{0, 1, 0, 1, 4, 4}));
  // x and z swap: xyz~zyx, xzy~zxy, yxz~yzx.
  EXPECT_EQ(classes(test::stencil({5, 3, 5}, 7)), (std::vector<int>{0, 1, 2, 2, 1, 0}));
  EXPECT_EQ(classes(test::stencil({3, 4, 5}, 7)), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(classes(test::stencil({8, 6}, 5)), (std::vector<int>{0, 1}));
}

TEST(GeometricTaskSymmetry, BytesThatDifferByAxisKeepOrderingsApart) {
  EXPECT_EQ(classes(grid_with_bytes({4, 4, 4}, {8, 8, 8})), (std::vector<int>{0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(classes(grid_with_bytes({4, 4, 4}, {8, 8, 16})), (std::vector<int>{0, 1, 0, 1, 4, 4}));
  EXPECT_EQ(classes(grid_with_bytes({4, 4, 4}, {8, 16, 32})), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  // One message more on one side of the cube breaks every swap that does not fix it.
  TaskGraph cube = test::stencil({3, 3, 3}, 7);
  std::vector<Edge> edges;
  for (int u = 0; u < cube.num_tasks(); ++u)
    for (std::int64_t e = cube.offsets()[u]; e < cube.offsets()[u + 1]; ++e)
      edges.push_back({u, cube.targets()[e], cube.bytes()[e]});
  edges.push_back({0, 2, 1.0});  // (0,0,0) -> (2,0,0): along axis 0 only (the fastest in task order)
  TaskGraph lopsided = TaskGraph::from_edges(cube.num_tasks(), edges);
  lopsided.set_grid(*cube.grid());
  EXPECT_EQ(classes(lopsided), (std::vector<int>{0, 0, 2, 3, 2, 3}));  // y and z still swap
}

TEST(GeometricTaskSymmetry, PointsThatDoNotFillABoxKeepOrderingsApart) {
  // A 2x2x2 cube's coordinates with one corner repeated, then with one missing.
  std::vector<double> xyz;
  for (int t = 0; t < 8; ++t) xyz.insert(xyz.end(), {double(t >> 2 & 1), double(t >> 1 & 1), double(t & 1)});
  std::vector<Edge> ring;
  for (int t = 0; t < 8; ++t) ring.push_back({t, (t + 1) % 8, 1.0}), ring.push_back({(t + 1) % 8, t, 1.0});
  std::vector<double> repeated = xyz;
  std::copy(xyz.begin(), xyz.begin() + 3, repeated.begin() + 21);
  TaskGraph g = TaskGraph::from_edges(8, ring);
  g.set_coordinates(3, repeated);
  EXPECT_EQ(classes(g), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  std::vector<Edge> ring7;
  for (int t = 0; t < 7; ++t) ring7.push_back({t, (t + 1) % 7, 1.0}), ring7.push_back({(t + 1) % 7, t, 1.0});
  TaskGraph h = TaskGraph::from_edges(7, ring7);
  h.set_coordinates(3, std::vector<double>(xyz.begin(), xyz.begin() + 21));
  EXPECT_EQ(classes(h), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

// The search over one ordering per class returns the mapping of the search over all of them, to the slot.
TEST(GeometricTaskSymmetry, JoinedSearchGivesTheFullSearchsMapping) {
  struct Case {
    std::vector<int> tasks, torus;
    int cores, nodes;
    Objective objective;
  };
  int cases = 0;
  const auto check = [&](const TaskGraph& graph, const Allocation& alloc, const MapOptions& options) {
    for (bool shift : {false, true}) {
      GeomVariant joined{true, shift, 0};  // a budget of 0: every objective ranks by hop-bytes first
      GeomVariant full = joined;
      full.join_equivalent_orderings = false;
      const Mapping a = map_geometric_slots(graph, alloc, options, joined);
      const Mapping b = map_geometric_slots(graph, alloc, options, full);
      EXPECT_EQ(a.slots(), b.slots()) << "tasks " << graph.num_tasks() << " shift " << shift;
      ++cases;
    }
  };
  for (const Case& c : std::vector<Case>{{{8, 8, 8}, {8, 8, 8}, 1, 512, Objective::hop_bytes},
                                         {{8, 8, 8}, {8, 4, 4}, 4, 128, Objective::hop_bytes},
                                         {{6, 6, 6}, {6, 4, 4}, 4, 60, Objective::hop_bytes},
                                         {{6, 6, 6}, {6, 4, 4}, 4, 60, Objective::time},
                                         {{4, 4, 6}, {4, 4, 4}, 2, 50, Objective::congestion},
                                         {{16, 16}, {4, 4, 4}, 4, 64, Objective::hop_bytes}}) {
    auto torus = test::make_torus(c.torus, true);
    const Allocation alloc(torus, test::random_nodes(*torus, c.nodes, 7), c.cores);
    const TaskGraph graph = test::stencil(c.tasks, 0, true);
    MapOptions options;
    options.objective = c.objective;
    check(graph, alloc, options);
  }
  // Cubes with one axis's messages heavier: only the other two swap, and the heavy axis must still be tried
  // against every machine axis (joining all six orderings changes the mapping on some of these).
  for (int heavy = 0; heavy < 3; ++heavy)
    for (const std::vector<int>& dims : {std::vector<int>{4, 8, 4}, {8, 2, 8}, {2, 4, 16}}) {
      std::vector<double> bytes(3, 8.0);
      bytes[heavy] = 64;
      auto torus = test::make_torus(dims, false);
      check(grid_with_bytes({8, 8, 8}, bytes), Allocation(torus, test::random_nodes(*torus, 128, 5), 4), {});
    }
  EXPECT_EQ(cases, 30);
}

}  // namespace
}  // namespace tamp::impl
