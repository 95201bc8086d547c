// `exco`: Expand from Corner ([Bhatele10] §9.1, Alg. 9.2). Objects and processors are both walked from corner
// 0: the next object is the nearest unused object to the current one, the next processor the nearest free
// processor to the current one (findNearest with the tie order of Fig. B.1; on the box of nodes, holes are
// skipped), and the k-th object of the walk goes to the k-th processor. Longer sides are paired first
// (RegularView), and both walks wrap round a dimension only when the grid is periodic and the box wraps
// there, so both run the same way round.
#include <stdexcept>

#include "algorithms/impl/free_grid.hpp"
#include "algorithms/regular/regular.hpp"

namespace tamp::impl {

std::vector<int> exco_cells(const RegularView& view) {
  // Both walks wrap round a dimension only when the grid is periodic and the box wraps there: the same rule
  // on both sides, so equal shapes walk alike (a torus walked as a mesh is still walked neighbour to
  // neighbour).
  std::vector<bool> wrap(view.grid.size());
  for (size_t k = 0; k < wrap.size(); ++k) wrap[k] = view.grid_wrap[k] && view.box_wrap[k];
  FreeGrid objects(view.grid, wrap);
  FreeGrid procs(view.box, wrap, view.available);
  std::vector<int> cell_of(objects.num_cells(), -1);
  std::optional<int> object = 0, proc = procs.nearest(0);
  while (object) {
    if (!proc) throw std::invalid_argument("exco: more task groups than nodes");
    cell_of[*object] = *proc;
    objects.take(*object);
    procs.take(*proc);
    object = objects.nearest(*object);
    proc = procs.nearest(*proc);
  }
  return cell_of;
}

Mapping exco_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_regular(groups, nodes, options, exco_cells, "exco");
}

}  // namespace tamp::impl
