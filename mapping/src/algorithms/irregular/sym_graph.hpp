// The task graph as the irregular mappers see it: undirected, one edge per communicating pair.
#pragma once
#include <cstdint>
#include <vector>

#include "tamp/task_graph.hpp"

namespace tamp::impl {

/// Symmetric CSR: every pair {u, v} that exchanges messages appears in both rows with the bytes of both
/// directions summed; rows are sorted by neighbour id; no self-loops (a task talking to itself costs no
/// network).
struct SymGraph {
  int num_vertices = 0;
  std::vector<std::int64_t> offsets{0};
  std::vector<int> targets;
  std::vector<double> bytes;

  int degree(int v) const { return static_cast<int>(offsets[v + 1] - offsets[v]); }
  /// Bytes on all edges of v.
  double weight(int v) const;
};

SymGraph symmetrize(const TaskGraph& graph);

/// The subgraph induced by `vertices` (local vertex i = vertices[i]; rows in the order of the parent's rows).
/// `local_of` is scratch space of size graph.num_vertices, all -1 on entry and on return.
SymGraph induced_subgraph(const SymGraph& graph, const std::vector<int>& vertices,
                          std::vector<int>& local_of);

}  // namespace tamp::impl
