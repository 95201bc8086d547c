// `mht` ([Bhatele10] §10.2, heuristic 2): max-heap traversal. The task with the most neighbours goes to the
// centre; then the unmapped task with the most mapped neighbours goes to the free node nearest the centroid
// of theirs. The paper leaves open (digest [GAP]): the centroid's weights (here: bytes to each mapped
// neighbour), its rounding (to the nearest cell, halves up, wrap-aware) and ties in the heap (lower task id
// first).
#include <algorithm>
#include <numeric>
#include <queue>
#include <utility>

#include "algorithms/irregular/irregular.hpp"

namespace tamp::impl {

void max_heap_fill(const SymGraph& graph, PartialMapping& partial) {
  const int n = graph.num_vertices;
  std::vector<int> mapped_neighbours(n, 0);
  // (count, -task): the largest count first, then the lowest id. Stale entries (count changed since) are
  // skipped.
  std::priority_queue<std::pair<int, int>> heap;
  const auto on_placed = [&](int u) {
    for (std::int64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const int v = graph.targets[e];
      if (!partial.placed(v)) heap.emplace(++mapped_neighbours[v], -v);
    }
  };
  for (int t = 0; t < n; ++t)
    if (partial.placed(t)) on_placed(t);

  // Starts of new components: most neighbours first, ties to the lower id.
  std::vector<int> by_degree(n);
  std::iota(by_degree.begin(), by_degree.end(), 0);
  std::stable_sort(by_degree.begin(), by_degree.end(),
                   [&](int a, int b) { return graph.degree(a) > graph.degree(b); });
  size_t next_start = 0;

  std::vector<std::pair<int, double>> cells;
  while (true) {
    int next = -1;
    while (!heap.empty()) {
      const auto [count, negated] = heap.top();
      heap.pop();
      if (!partial.placed(-negated) && count == mapped_neighbours[-negated]) {
        next = -negated;
        break;
      }
    }
    if (next < 0) {
      while (next_start < by_degree.size() && partial.placed(by_degree[next_start])) ++next_start;
      if (next_start == by_degree.size()) break;
      next = by_degree[next_start];
      partial.place(next, partial.space.centre_cell());
      on_placed(next);
      continue;
    }
    cells.clear();
    for (std::int64_t e = graph.offsets[next]; e < graph.offsets[next + 1]; ++e)
      if (partial.placed(graph.targets[e]))
        cells.emplace_back(partial.cell_of_task[graph.targets[e]], graph.bytes[e]);
    partial.place(next, partial.space.centroid(cells));
    on_placed(next);
  }
}

Mapping map_mht(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "mht");
  PartialMapping partial(nodes, groups.num_tasks());
  max_heap_fill(symmetrize(groups), partial);
  return partial.to_mapping(nodes);
}

}  // namespace tamp::impl
