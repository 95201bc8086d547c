// `bft` ([Bhatele10] §10.2, heuristic 1, Alg. 10.2): map the task graph as a breadth-first traversal visits
// it, each newly seen neighbour on the free node nearest its parent's node.
#include "algorithms/irregular/irregular.hpp"

namespace tamp::impl {

void breadth_first_fill(const SymGraph& graph, PartialMapping& partial, const std::vector<int>& starts) {
  const int n = graph.num_vertices;
  std::vector<int> queue(starts);
  queue.reserve(n);
  size_t head = 0;
  int last_cell = starts.empty() ? partial.space.centre_cell() : partial.cell_of_task[starts.back()];
  int next_unplaced = 0;
  while (true) {
    while (head < queue.size()) {
      const int u = queue[head++];
      const int parent_cell = partial.cell_of_task[u];
      for (std::int64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
        const int v = graph.targets[e];
        if (partial.placed(v)) continue;
        partial.place(v, parent_cell);
        last_cell = partial.cell_of_task[v];
        queue.push_back(v);
      }
    }
    // Another component: start it beside the last placed task.
    while (next_unplaced < n && partial.placed(next_unplaced)) ++next_unplaced;
    if (next_unplaced == n) break;
    partial.place(next_unplaced, last_cell);
    last_cell = partial.cell_of_task[next_unplaced];
    queue.push_back(next_unplaced);
  }
}

Mapping map_bft(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "bft");
  PartialMapping partial(nodes, groups.num_tasks());
  if (groups.num_tasks() > 0) {
    // "Start with ... the one with the id zero and place it on processor zero": allocated node 0.
    partial.place(0, partial.space.cell_of_node(0));
    breadth_first_fill(symmetrize(groups), partial, {0});
  }
  return partial.to_mapping(nodes);
}

}  // namespace tamp::impl
