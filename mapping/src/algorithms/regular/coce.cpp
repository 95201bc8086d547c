// `coce`: Corners to Centre ([Bhatele10] §9.1, Heuristic 4). The thesis gives no pseudo-code; as the digest
// suggests, it is EXCO (Alg. 9.2) run from every corner at once: front i starts at corner i of the task grid
// and corner i of the box of nodes (the same far/near choice along every dimension, longer sides paired
// first), and the fronts take turns, each placing one object per turn: its next object is the nearest unused
// object to the last one it placed, its next processor the nearest free processor to the last one it used
// (findNearest, Fig. B.1 ties). Fronts meet towards the centre. 2D has four corners, 3D eight; a dimension of
// extent 1 on both sides adds none.
#include <stdexcept>

#include "algorithms/impl/free_grid.hpp"
#include "algorithms/regular/regular.hpp"

namespace tamp::impl {

std::vector<int> coce_cells(const RegularView& view) {
  const int dims = static_cast<int>(view.grid.size());
  // Both walks wrap round a dimension only when the grid is periodic and the box wraps there: the same rule
  // on both sides, so equal shapes walk alike (a torus walked as a mesh is still walked neighbour to
  // neighbour).
  std::vector<bool> wrap(view.grid.size());
  for (size_t k = 0; k < wrap.size(); ++k) wrap[k] = view.grid_wrap[k] && view.box_wrap[k];
  FreeGrid objects(view.grid, wrap);
  FreeGrid procs(view.box, wrap, view.available);
  std::vector<int> corner_dims;  // dimensions along which corners differ
  for (int k = 0; k < dims; ++k)
    if (view.grid[k] > 1 || view.box[k] > 1) corner_dims.push_back(k);
  // Front f: corner bits f (bit j: far end of dimension corner_dims[j]); last object and processor it placed.
  const int fronts = 1 << corner_dims.size();
  std::vector<int> last_object(fronts, 0), last_proc(fronts, 0);
  for (int f = 0; f < fronts; ++f) {
    std::vector<int> object_corner(dims, 0), proc_corner(dims, 0);
    for (size_t j = 0; j < corner_dims.size(); ++j) {
      if (!(f >> j & 1)) continue;
      object_corner[corner_dims[j]] = view.grid[corner_dims[j]] - 1;
      proc_corner[corner_dims[j]] = view.box[corner_dims[j]] - 1;
    }
    last_object[f] = objects.cell(object_corner);
    last_proc[f] = procs.cell(proc_corner);
  }
  std::vector<int> cell_of(objects.num_cells(), -1);
  for (int f = 0;; f = (f + 1) % fronts) {
    const std::optional<int> object = objects.nearest(last_object[f]);
    if (!object) break;
    const std::optional<int> proc = procs.nearest(last_proc[f]);
    if (!proc) throw std::invalid_argument("coce: more task groups than nodes");
    cell_of[*object] = *proc;
    objects.take(*object);
    procs.take(*proc);
    last_object[f] = *object;
    last_proc[f] = *proc;
  }
  return cell_of;
}

Mapping coce_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_regular(groups, nodes, options, coce_cells, "coce");
}

}  // namespace tamp::impl
