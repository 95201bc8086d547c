// `affn-coords` ([Bhatele10] §10.4, heuristic 1, Alg. 10.3): each task's coordinates scaled affinely onto the
// node box; when the cell is taken (or not allocated), findNearest gives the closest free one. Tasks in id
// order.
#include "algorithms/irregular/irregular.hpp"
#include "algorithms/irregular/task_frame.hpp"

namespace tamp::impl {

Mapping map_affn_coords(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "affn-coords");
  PartialMapping partial(nodes, groups.num_tasks());
  const TaskFrame frame(groups, partial.space, "affn-coords");
  for (int t = 0; t < groups.num_tasks(); ++t) partial.place(t, frame.cell_at(frame.affine_position(t)));
  return partial.to_mapping(nodes);
}

}  // namespace tamp::impl
