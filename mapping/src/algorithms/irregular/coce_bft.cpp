// `coce-bft` ([Bhatele10] §10.4, heuristic 2, the paper's "COCE" for irregular graphs; named apart from the
// regular family's `coce`): the tasks at the corners of the task coordinates go to the corners of the node
// box, then a breadth-first traversal grows from all corners at once.
#include "algorithms/irregular/irregular.hpp"
#include "algorithms/irregular/task_frame.hpp"

namespace tamp::impl {

Mapping map_coce_bft(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "coce-bft");
  PartialMapping partial(nodes, groups.num_tasks());
  const TaskFrame frame(groups, partial.space, "coce-bft");
  std::vector<int> starts;
  for (const auto& [task, cell] : frame.corners()) {
    partial.place(task, cell);
    starts.push_back(task);
  }
  breadth_first_fill(symmetrize(groups), partial, starts);
  return partial.to_mapping(nodes);
}

}  // namespace tamp::impl
