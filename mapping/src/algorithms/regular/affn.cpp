// `affn`: the affine mapping of [Bhatele10] §9.1 (Eq. 9.1, Alg. 9.3) and §9.3 (Eq. 9.2, Alg. 9.4). The task
// grid is stretched or shrunk onto the box of nodes, longer sides paired: object x goes to processor
// floor(P_k * x_k / O_k) along every dimension k (0-based: the printed 1..O_x loops are an erratum), and when
// that processor is taken (or is a hole of a sparse allocation) to the nearest free one (findNearest, Fig.
// B.1 ties). Objects are taken in the order of Alg. 9.3 (x outermost). The grid needs as many dimensions as
// the box of nodes (2D onto 2D, 3D onto 3D, a Gemini box with its node-on-router index merged into a router
// dimension): with fewer, every object would aim at one plane of the box (stacking, folding and the curve
// handle those cases).
#include <stdexcept>

#include "algorithms/impl/free_grid.hpp"
#include "algorithms/regular/regular.hpp"

namespace tamp::impl {

std::vector<int> affn_cells(const RegularView& view) {
  const int dims = static_cast<int>(view.grid.size());
  FreeGrid procs(view.box, view.box_wrap, view.available);
  std::vector<int> grid_stride(dims), box_stride(dims);
  for (int k = 0, g = 1, b = 1; k < dims; ++k)
    grid_stride[k] = g, box_stride[k] = b, g *= view.grid[k], b *= view.box[k];
  // target[k][x]: the processor coordinate of object coordinate x along k (Eq. 9.1), as a box-cell offset.
  std::vector<std::vector<int>> target(dims);
  for (int k = 0; k < dims; ++k)
    for (int x = 0; x < view.grid[k]; ++x)
      target[k].push_back(static_cast<int>(static_cast<long long>(view.box[k]) * x / view.grid[k]) *
                          box_stride[k]);
  const int objects = view.grid_cells();
  std::vector<int> cell_of(objects, -1);
  std::vector<int> x(dims, 0);
  for (int i = 0; i < objects; ++i) {
    int object = 0, wanted = 0;
    for (int k = 0; k < dims; ++k) object += x[k] * grid_stride[k], wanted += target[k][x[k]];
    const std::optional<int> cell = procs.nearest(wanted);
    if (!cell) throw std::invalid_argument("affn: more task groups than nodes");
    procs.take(*cell);
    cell_of[object] = *cell;
    for (int k = dims - 1; k >= 0 && ++x[k] == view.grid[k]; --k) x[k] = 0;  // last dimension fastest
  }
  return cell_of;
}

Mapping affn_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_regular(groups, nodes, options, affn_cells, "affn", true);
}

}  // namespace tamp::impl
