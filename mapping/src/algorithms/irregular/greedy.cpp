// `greedy` (LibTopoMap, Hoefler & Snir): grow the mapping from the heaviest task on a central node; the next
// task is always the unmapped one with the most bytes to mapped tasks, and it goes to the candidate node with
// the least sum(bytes x hops) to its mapped neighbours (machine hops, Machine::hops). Candidates are bounded
// so the whole run is O(E log V + V x K) queries: the free node nearest the byte-weighted centroid of the
// mapped neighbours' nodes, and the free node nearest each of its kNeighbourCandidates heaviest mapped
// neighbours, and the free nodes on their routers (0 hops, which the grid's distance does not see).
#include <algorithm>
#include <limits>
#include <numeric>
#include <queue>
#include <utility>

#include "algorithms/irregular/irregular.hpp"

namespace tamp::impl {
namespace {

constexpr int kNeighbourCandidates = 4;

}  // namespace

Mapping map_greedy(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "greedy");
  const int n = groups.num_tasks();
  PartialMapping partial(nodes, n);
  NodeSpace& space = partial.space;
  const Machine& machine = nodes.machine();
  const SymGraph graph = symmetrize(groups);
  const auto machine_node = [&](int cell) { return nodes.node(space.node_of_cell(cell)); };

  // Starts (the first, and one per further component): heaviest task first, ties to the lower id.
  std::vector<double> weight(n);
  for (int t = 0; t < n; ++t) weight[t] = graph.weight(t);
  std::vector<int> by_weight(n);
  std::iota(by_weight.begin(), by_weight.end(), 0);
  std::stable_sort(by_weight.begin(), by_weight.end(), [&](int a, int b) { return weight[a] > weight[b]; });
  size_t next_start = 0;

  std::vector<double> to_mapped(n, 0.0);
  std::priority_queue<std::pair<double, int>> heap;  // (bytes to mapped tasks, -task); stale entries skipped
  const auto on_placed = [&](int u) {
    for (std::int64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const int v = graph.targets[e];
      if (partial.placed(v)) continue;
      to_mapped[v] += graph.bytes[e];
      heap.emplace(to_mapped[v], -v);
    }
  };

  std::vector<std::pair<int, double>> mapped;  // (cell, bytes) of the next task's mapped neighbours
  std::vector<std::pair<int, double>> heaviest;
  std::vector<int> candidates;
  for (int placed = 0; placed < n; ++placed) {
    int next = -1;
    while (!heap.empty()) {
      const auto [bytes, negated] = heap.top();
      heap.pop();
      if (!partial.placed(-negated) && bytes == to_mapped[-negated]) {
        next = -negated;
        break;
      }
    }
    if (next < 0) {
      while (partial.placed(by_weight[next_start])) ++next_start;
      next = by_weight[next_start];
      partial.place(next, space.centre_cell());
      on_placed(next);
      continue;
    }
    mapped.clear();
    for (std::int64_t e = graph.offsets[next]; e < graph.offsets[next + 1]; ++e)
      if (partial.placed(graph.targets[e]))
        mapped.emplace_back(partial.cell_of_task[graph.targets[e]], graph.bytes[e]);
    candidates.clear();
    candidates.push_back(*space.grid().nearest(space.centroid(mapped)));
    heaviest = mapped;
    const size_t keep = std::min<size_t>(kNeighbourCandidates, heaviest.size());
    std::partial_sort(heaviest.begin(), heaviest.begin() + keep, heaviest.end(),
                      [](const auto& a, const auto& b) {
                        return a.second != b.second ? a.second > b.second : a.first < b.first;
                      });
    const auto consider = [&](int c) {
      if (std::find(candidates.begin(), candidates.end(), c) == candidates.end()) candidates.push_back(c);
    };
    for (size_t i = 0; i < keep; ++i) {
      consider(*space.grid().nearest(heaviest[i].first));
      for (int mate : space.router_mates(heaviest[i].first))
        if (space.is_free(mate)) consider(mate);
    }
    int best = -1;
    double best_cost = std::numeric_limits<double>::infinity();
    for (int c : candidates) {
      double cost = 0;
      const int node = machine_node(c);
      for (const auto& [cell, bytes] : mapped) cost += bytes * machine.hops(node, machine_node(cell));
      if (cost < best_cost) best = c, best_cost = cost;
    }
    partial.place(next, best);
    on_placed(next);
  }
  return partial.to_mapping(nodes);
}

}  // namespace tamp::impl
