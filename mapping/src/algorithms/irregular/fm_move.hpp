// The step both Fiduccia-Mattheyses passes share (bisect_graph's and multilevel_bisect's weighted one).
#pragma once
#include <queue>
#include <tuple>
#include <vector>

#include "algorithms/irregular/sym_graph.hpp"

namespace tamp::impl {

/// Heap entries of an FM pass: (gain, -vertex, version); an entry whose version is not the vertex's is stale.
using FmHeap = std::priority_queue<std::tuple<double, int, int>>;

/// Moves v to the other side: its gain flips, its neighbours' gains change by twice their bytes to it, and the
/// unlocked ones are pushed again with a new version.
inline void fm_move(const SymGraph& g, int v, std::vector<char>& side, std::vector<double>& gain,
                    const std::vector<char>& locked, FmHeap (&heap)[2], std::vector<int>& version) {
  side[v] = static_cast<char>(1 - side[v]);
  gain[v] = -gain[v];
  for (std::int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
    const int u = g.targets[e];
    gain[u] += side[u] == side[v] ? -2 * g.bytes[e] : 2 * g.bytes[e];
    if (!locked[u]) heap[static_cast<int>(side[u])].emplace(gain[u], -u, ++version[u]);
  }
}

}  // namespace tamp::impl
