// Graphs, machines and property checks shared by the irregular mappers' tests (test_irregular_*.cpp).
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/task_graph.hpp"
#include "test_support.hpp"

namespace tamp::test {

/// Uniform in [0, 1): the same numbers with every standard library (unlike std::uniform_real_distribution).
inline double unit_random(std::mt19937_64& engine) {
  return static_cast<double>(engine() >> 11) * 0x1.0p-53;
}

// Orders points [first, last) of `xy` like a recursive coordinate bisection numbers its parts: split at the
// median of the wider extent, lower half first, recursively.
inline void bisection_order(std::vector<std::pair<double, double>>& xy, size_t first, size_t last) {
  if (last - first <= 1) return;
  double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  for (size_t i = first; i < last; ++i) {
    lo[0] = std::min(lo[0], xy[i].first), hi[0] = std::max(hi[0], xy[i].first);
    lo[1] = std::min(lo[1], xy[i].second), hi[1] = std::max(hi[1], xy[i].second);
  }
  const bool by_x = hi[0] - lo[0] >= hi[1] - lo[1];
  const size_t mid = first + (last - first) / 2;
  std::nth_element(
      xy.begin() + first, xy.begin() + mid, xy.begin() + last,
      [by_x](const auto& a, const auto& b) { return by_x ? a.first < b.first : a.second < b.second; });
  bisection_order(xy, first, mid);
  bisection_order(xy, mid, last);
}

// n uniform points in the unit square, in recursive-bisection order when `bisection_ids`.
inline std::vector<double> random_points(int n, std::uint64_t seed, bool bisection_ids) {
  std::mt19937_64 engine(seed);
  std::vector<double> xy(2 * static_cast<size_t>(n));
  for (double& c : xy) c = unit_random(engine);
  if (bisection_ids) {
    std::vector<std::pair<double, double>> points(n);
    for (int t = 0; t < n; ++t) points[t] = {xy[2 * t], xy[2 * t + 1]};
    bisection_order(points, 0, points.size());
    for (int t = 0; t < n; ++t) xy[2 * t] = points[t].first, xy[2 * t + 1] = points[t].second;
  }
  return xy;
}

/// A random geometric graph: n points uniform in the unit square, an edge both ways between points closer
/// than r with n pi r^2 = `degree`, of 100 + 900 (1 - distance / r) bytes. The points are the task
/// coordinates; task ids are random with respect to position, or in recursive-bisection order with
/// `bisection_ids`. Near the percolation threshold (degree 4.5) it falls apart into components: a test of
/// robustness more than a realistic pattern.
inline TaskGraph random_geometric_graph(int n, double degree, std::uint64_t seed,
                                        bool bisection_ids = false) {
  std::vector<double> xy = random_points(n, seed, bisection_ids);
  const double r = std::sqrt(degree / (3.141592653589793 * n));
  // Buckets of side r: neighbours are in the 3x3 buckets around a point.
  const int side = std::max(1, static_cast<int>(1 / r));
  std::vector<std::vector<int>> bucket(static_cast<size_t>(side) * side);
  const auto cell = [&](double v) { return std::min(side - 1, static_cast<int>(v * side)); };
  for (int t = 0; t < n; ++t) bucket[cell(xy[2 * t]) + side * cell(xy[2 * t + 1])].push_back(t);
  std::vector<Edge> edges;
  for (int t = 0; t < n; ++t) {
    const int bx = cell(xy[2 * t]), by = cell(xy[2 * t + 1]);
    for (int y = std::max(0, by - 1); y <= std::min(side - 1, by + 1); ++y)
      for (int x = std::max(0, bx - 1); x <= std::min(side - 1, bx + 1); ++x)
        for (int u : bucket[x + side * y]) {
          if (u == t) continue;
          const double d = std::hypot(xy[2 * t] - xy[2 * u], xy[2 * t + 1] - xy[2 * u + 1]);
          if (d < r) edges.push_back({t, u, 100 + std::floor(900 * (1 - d / r))});
        }
  }
  TaskGraph graph = TaskGraph::from_edges(n, std::move(edges));
  graph.set_coordinates(2, std::move(xy));
  return graph;
}

/// The stand-in for the paper's irregular graphs ([Bhatele10] §10.5: METIS parts of a 2D unstructured mesh
/// and their neighbours): n random points in the unit square, each linked both ways to its 5 nearest points
/// (symmetrised: about 6 neighbours, like the parts of a planar mesh), bytes 1000 / (1 + distance / mean
/// spacing) (closer parts share longer borders). With `metis_like_ids` the ids follow a recursive bisection
/// of the points, as METIS numbers neighbouring parts with nearby ids (which is why the paper's default
/// mapping is fair); otherwise they are random.
inline TaskGraph mesh_partition_graph(int n, std::uint64_t seed, bool metis_like_ids) {
  constexpr int kNearest = 5;
  std::vector<double> xy = random_points(n, seed, metis_like_ids);
  const double spacing = 1 / std::sqrt(static_cast<double>(n));
  const int side = std::max(1, static_cast<int>(std::sqrt(n / 2.0)));  // about 2 points per bucket
  std::vector<std::vector<int>> bucket(static_cast<size_t>(side) * side);
  const auto cell = [&](double v) { return std::min(side - 1, static_cast<int>(v * side)); };
  for (int t = 0; t < n; ++t) bucket[cell(xy[2 * t]) + side * cell(xy[2 * t + 1])].push_back(t);
  std::vector<Edge> edges;
  std::vector<std::pair<double, int>> near;
  for (int t = 0; t < n; ++t) {
    const int bx = cell(xy[2 * t]), by = cell(xy[2 * t + 1]);
    near.clear();
    // Rings of buckets until the kNearest-th distance is inside the rings searched.
    for (int ring = 0; ring <= side; ++ring) {
      for (int y = by - ring; y <= by + ring; ++y)
        for (int x = bx - ring; x <= bx + ring; ++x) {
          if (std::max(std::abs(x - bx), std::abs(y - by)) != ring || x < 0 || y < 0 || x >= side ||
              y >= side)
            continue;
          for (int u : bucket[x + side * y])
            if (u != t) near.push_back({std::hypot(xy[2 * t] - xy[2 * u], xy[2 * t + 1] - xy[2 * u + 1]), u});
        }
      if (static_cast<int>(near.size()) >= kNearest) {
        std::partial_sort(near.begin(), near.begin() + kNearest, near.end());
        if (near[kNearest - 1].first <= static_cast<double>(ring) / side) break;
      }
    }
    for (int i = 0; i < kNearest && i < static_cast<int>(near.size()); ++i) {
      const double bytes = std::floor(1000 / (1 + near[i].first / spacing));
      edges.push_back({t, near[i].second, bytes});
      edges.push_back({near[i].second, t, bytes});
    }
  }
  TaskGraph graph = TaskGraph::from_edges(n, std::move(edges));
  graph.set_coordinates(2, std::move(xy));
  return graph;
}

/// `count` nodes of the machine chosen at random (in random allocation order), `cores` cores each.
inline Allocation random_allocation(std::shared_ptr<const Machine> machine, int count, int cores,
                                    std::uint64_t seed) {
  std::vector<int> nodes(machine->num_nodes());
  for (int i = 0; i < machine->num_nodes(); ++i) nodes[i] = i;
  std::mt19937_64 engine(seed);
  for (int i = 0; i < count; ++i) std::swap(nodes[i], nodes[i + engine() % (nodes.size() - i)]);
  nodes.resize(count);
  return Allocation(std::move(machine), std::move(nodes), cores);
}

/// Two graphs side by side (ids of `b` after those of `a`; coordinates of `b` shifted right by 2 when both
/// have them).
inline TaskGraph disjoint_union(const TaskGraph& a, const TaskGraph& b) {
  std::vector<Edge> edges = a.edges();
  for (Edge e : b.edges()) edges.push_back({e.src + a.num_tasks(), e.dst + a.num_tasks(), e.bytes});
  TaskGraph g = TaskGraph::from_edges(a.num_tasks() + b.num_tasks(), std::move(edges));
  if (a.has_coordinates() && b.has_coordinates()) {
    std::vector<double> xy = a.coordinates();
    for (size_t i = 0; i < b.coordinates().size(); ++i)
      xy.push_back(b.coordinates()[i] + (i % 2 == 0 ? 2 : 0));
    g.set_coordinates(2, std::move(xy));
  }
  return g;
}

/// A machine that is not a Torus: nodes on a line, |a - b| hops (the irregular mappers fall back on the
/// allocation order there).
class LineMachine final : public Machine {
 public:
  explicit LineMachine(int nodes) : nodes_(nodes) {}
  std::string kind() const override { return "line"; }
  std::string describe() const override { return "line of " + std::to_string(nodes_); }
  int num_nodes() const override { return nodes_; }
  int num_links() const override { return 2 * (nodes_ - 1); }
  LinkId link_id_bound() const override { return 2 * nodes_; }
  int hops(int a, int b) const override { return std::abs(a - b); }
  void route(int a, int b, std::vector<LinkId>& out) const override {
    out.clear();
    for (int i = a; i < b; ++i) out.push_back(2 * i);
    for (int i = a; i > b; --i) out.push_back(2 * (i - 1) + 1);
  }
  double link_capacity(LinkId) const override { return 1; }
  int link_class(LinkId) const override { return 0; }
  int num_link_classes() const override { return 1; }
  int diameter() const override { return nodes_ - 1; }
  std::vector<double> node_coordinates(int node) const override { return {static_cast<double>(node)}; }

 private:
  int nodes_;
};

inline double hop_bytes(const std::string& name, const TaskGraph& graph, const Allocation& alloc,
                        const MapOptions& options = {}) {
  EvaluateOptions no_links;
  no_links.link_loads = false;
  return evaluate(graph, alloc, map_tasks(name, graph, alloc, options), no_links).hop_bytes;
}

/// What every irregular mapper must do: a valid placement (map_tasks validates it) that does not depend on
/// the run, on full and sparse torus allocations, multi-core nodes, two nodes per router, a machine that is
/// not a torus, a disconnected graph and an empty one; fewer hop-bytes than `random` on a stencil and on a
/// random geometric graph. `needs_coordinates`: graphs with neither coordinates nor a grid are refused with
/// std::invalid_argument.
inline void expect_irregular_properties(const std::string& name, bool needs_coordinates) {
  SCOPED_TRACE(name);
  const auto deterministic = [&](const TaskGraph& graph, const Allocation& alloc) {
    EXPECT_EQ(map_tasks(name, graph, alloc).slots(), map_tasks(name, graph, alloc).slots());
  };
  const auto beats_random = [&](const TaskGraph& graph, const Allocation& alloc) {
    EXPECT_LT(hop_bytes(name, graph, alloc), hop_bytes("random", graph, alloc));
  };
  {  // A stencil on a full torus.
    const TaskGraph graph = stencil({16, 16}, 5);
    const Allocation alloc = Allocation::whole_machine(make_torus({8, 8, 4}), 1);
    deterministic(graph, alloc);
    beats_random(graph, alloc);
  }
  {  // Parts of a mesh, full torus; a random geometric graph (several components) on a sparse allocation with
     // fewer tasks than nodes.
    const TaskGraph graph = mesh_partition_graph(512, 11, false);
    const Allocation alloc = Allocation::whole_machine(make_torus({8, 8, 8}), 1);
    deterministic(graph, alloc);
    beats_random(graph, alloc);
    const TaskGraph small = random_geometric_graph(150, 6, 12);
    const Allocation sparse = random_allocation(make_torus({8, 8, 8}), 180, 1, 13);
    deterministic(small, sparse);
    beats_random(small, sparse);
  }
  {  // Multi-core nodes (two-level), sparse, two nodes per router.
    const TaskGraph graph = random_geometric_graph(600, 6, 14);
    const Allocation alloc = random_allocation(make_torus({6, 6, 6}, true, 2), 160, 4, 15);
    deterministic(graph, alloc);
    beats_random(graph, alloc);
  }
  {  // Not a torus.
    const TaskGraph graph = random_geometric_graph(64, 6, 16);
    const Allocation alloc = Allocation::whole_machine(std::make_shared<const LineMachine>(70), 1);
    deterministic(graph, alloc);
    beats_random(graph, alloc);
  }
  {  // Disconnected, and empty.
    const TaskGraph graph =
        disjoint_union(random_geometric_graph(40, 6, 17), random_geometric_graph(30, 6, 18));
    const Allocation alloc = Allocation::whole_machine(make_torus({9, 9}, false), 1);
    deterministic(graph, alloc);
    beats_random(graph, alloc);
    EXPECT_EQ(map_tasks(name, TaskGraph::from_edges(0, {}), alloc).num_tasks(), 0);
  }
  {  // Neither coordinates nor a grid.
    const TaskGraph plain = TaskGraph::from_edges(4, {{0, 1, 8}, {1, 2, 8}, {2, 3, 8}});
    const Allocation alloc = Allocation::whole_machine(make_torus({4}), 1);
    if (needs_coordinates)
      EXPECT_THROW(map_tasks(name, plain, alloc), std::invalid_argument);
    else
      EXPECT_EQ(map_tasks(name, plain, alloc).num_tasks(), 4);
  }
}

}  // namespace tamp::test
