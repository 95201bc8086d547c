// `coce-mht` ([Bhatele10] §10.4, heuristic 2, "COCE+MHT"): the tasks at the corners of the task coordinates
// go to the corners of the node box (4 in 2D, 8 in 3D), the rest by max-heap traversal from them.
#include "algorithms/irregular/irregular.hpp"
#include "algorithms/irregular/task_frame.hpp"

namespace tamp::impl {

Mapping map_coce_mht(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "coce-mht");
  PartialMapping partial(nodes, groups.num_tasks());
  const TaskFrame frame(groups, partial.space, "coce-mht");
  for (const auto& [task, cell] : frame.corners()) partial.place(task, cell);
  max_heap_fill(symmetrize(groups), partial);
  return partial.to_mapping(nodes);
}

}  // namespace tamp::impl
