// Cases shared by the geometric mappers' tests.
#pragma once
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "algorithms/impl/random.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp::test {

/// The grid coordinates of the tasks on each allocated node.
inline std::vector<std::set<std::vector<int>>> grid_blocks(const TaskGraph& graph, const Allocation& alloc,
                                                           const Mapping& m) {
  std::vector<std::set<std::vector<int>>> nodes(alloc.num_nodes());
  for (int t = 0; t < graph.num_tasks(); ++t)
    nodes[alloc.node_of_slot(m.slot(t))].insert(graph.grid()->coords(t));
  return nodes;
}

/// True when every node holds a 2x2x2 block aligned on even coordinates (the reference case).
inline bool every_node_a_two_cube(const TaskGraph& graph, const Allocation& alloc, const Mapping& m) {
  for (const auto& node : grid_blocks(graph, alloc, m)) {
    if (node.size() != 8) return false;
    const std::vector<int> first = *node.begin();
    for (const auto& c : node)
      for (int d = 0; d < 3; ++d)
        if (first[d] % 2 != 0 || c[d] - first[d] < 0 || c[d] - first[d] > 1) return false;
  }
  return true;
}

/// `count` nodes of `machine` drawn with a seeded portable shuffle, in allocation order as drawn.
inline std::vector<int> random_nodes(const Machine& machine, int count, std::uint64_t seed) {
  std::vector<int> all(machine.num_nodes());
  for (int i = 0; i < machine.num_nodes(); ++i) all[i] = i;
  impl::portable_shuffle(all, seed);
  all.resize(count);
  return all;
}

/// A random graph on `n` tasks with 3D coordinates in a 10-cube and messages between near tasks.
inline TaskGraph random_geometric_graph(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> xyz(static_cast<size_t>(n) * 3);
  for (double& c : xyz) c = static_cast<double>(rng() % 1000) / 100.0;
  std::vector<Edge> edges;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      double d2 = 0;
      for (int k = 0; k < 3; ++k) d2 += (xyz[a * 3 + k] - xyz[b * 3 + k]) * (xyz[a * 3 + k] - xyz[b * 3 + k]);
      if (a != b && d2 < 9.0) edges.push_back({a, b, static_cast<double>(1 + rng() % 100)});
    }
  TaskGraph g = TaskGraph::from_edges(n, edges);
  g.set_coordinates(3, std::move(xyz));
  return g;
}

}  // namespace tamp::test
