// The glue of the cell-by-cell regular heuristics: the task grid and the allocated nodes as one aligned view,
// and the node-level driver that tries each view of the nodes.
#include <algorithm>
#include <numeric>
#include <optional>
#include <string>

#include "algorithms/impl/node_box.hpp"
#include "algorithms/impl/objective.hpp"
#include "algorithms/regular/regular.hpp"
#include "tamp/error.hpp"
#include "tamp/text.hpp"
#include "tamp/torus.hpp"

namespace tamp::impl {
namespace {

int product(const std::vector<int>& dims) {
  long long n = 1;
  for (int d : dims) n *= d;
  return static_cast<int>(n);
}

// Indices of `extents` by decreasing extent, equal extents in order.
std::vector<int> longest_first(const std::vector<int>& extents) {
  std::vector<int> order(extents.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return extents[a] > extents[b]; });
  return order;
}

std::vector<NodeBox> node_box_views(const Allocation& nodes, const char* name) {
  const NodeBox box = node_box(nodes, name);
  std::vector<NodeBox> views{box};
  if (box.node_index_last && box.dims.size() > 1)
    for (size_t d = 0; d + 1 < box.dims.size(); ++d)
      views.push_back(merge_node_index(box, static_cast<int>(d)));
  return views;
}

}  // namespace

int RegularView::grid_cells() const {
  return product(grid);
}
int RegularView::box_cells() const {
  return product(box);
}

RegularView align_view(const std::vector<int>& grid, const std::vector<bool>& grid_periodic,
                       const std::vector<int>& box, const std::vector<bool>& box_wrap,
                       std::vector<bool> available, std::vector<int>& grid_axis) {
  std::vector<int> long_dims;  // grid dimensions longer than 1
  for (size_t d = 0; d < grid.size(); ++d)
    if (grid[d] > 1) long_dims.push_back(static_cast<int>(d));
  const size_t dims = std::max(long_dims.size(), box.size());
  RegularView view;
  view.box = box;
  view.box_wrap = box_wrap;
  view.box.resize(dims, 1);
  view.box_wrap.resize(dims, false);
  view.available = std::move(available);
  std::vector<int> grid_extents(dims, 1);
  for (size_t k = 0; k < long_dims.size(); ++k) grid_extents[k] = grid[long_dims[k]];
  const std::vector<int> grid_order = longest_first(grid_extents), box_order = longest_first(view.box);
  view.grid.assign(dims, 1);
  view.grid_wrap.assign(dims, false);
  grid_axis.assign(dims, -1);
  for (size_t k = 0; k < dims; ++k) {
    const int b = box_order[k], g = grid_order[k];
    if (static_cast<size_t>(g) >= long_dims.size()) continue;  // padding
    grid_axis[b] = long_dims[g];
    view.grid[b] = grid_extents[g];
    view.grid_wrap[b] =
        static_cast<size_t>(long_dims[g]) < grid_periodic.size() && grid_periodic[long_dims[g]];
  }
  return view;
}

Mapping map_regular(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options,
                    RegularEmbedding place, const char* name, bool same_dimensions) {
  require(groups.grid().has_value(), std::string(name) + ": needs a task grid (a stencil pattern)");
  const GridShape& shape = *groups.grid();
  const size_t long_dims = std::count_if(shape.dims.begin(), shape.dims.end(), [](int n) { return n > 1; });
  require(long_dims <= 3,
          std::string(name) + ": needs a 2D or 3D task grid, got " + extents_text(shape.dims));
  std::vector<NodeBox> boxes = node_box_views(nodes, name);
  if (same_dimensions) {
    const std::vector<int> first_box = boxes.front().dims;
    boxes.erase(std::remove_if(boxes.begin(), boxes.end(),
                               [&](const NodeBox& box) {
                                 // A line counts as n x 1, of tasks or of nodes.
                                 return std::max<size_t>(box.dims.size(), 2) !=
                                        std::max<size_t>(long_dims, 2);
                               }),
                boxes.end());
    require(!boxes.empty(),
            std::string(name) + ": needs as many task-grid dimensions as node-box dimensions (" +
                extents_text(shape.dims) + " grid, " + extents_text(first_box) + " box of nodes)");
  }
  std::optional<Mapping> best;
  Score best_score;
  for (const NodeBox& box : boxes) {
    std::vector<bool> available(box.slot_at.size());
    for (size_t c = 0; c < available.size(); ++c) available[c] = box.slot_at[c] >= 0;
    require(groups.num_tasks() <= std::count(available.begin(), available.end(), true),
            std::string(name) + ": more task groups than nodes");
    std::vector<int> grid_axis;
    const RegularView view = align_view(shape.dims, shape.periodic, box.dims, box.wrap, available, grid_axis);
    const std::vector<int> cells = place(view);
    // Task t has grid coordinates c; its view cell has coordinate c[grid_axis[k]] along box dimension k.
    std::vector<int> slots(groups.num_tasks());
    std::vector<int> c(shape.dims.size(), 0);  // coordinates of task t, dimension 0 fastest
    for (int t = 0; t < groups.num_tasks(); ++t) {
      int cell = 0;
      for (int k = static_cast<int>(view.grid.size()) - 1; k >= 0; --k)
        cell = cell * view.grid[k] + (grid_axis[k] >= 0 ? c[grid_axis[k]] : 0);
      slots[t] = box.slot_at[cells[cell]];
      require(slots[t] >= 0, std::string(name) + ": placed a task where no node is (internal error)");
      for (size_t d = 0; d < c.size() && ++c[d] == shape.dims[d]; ++d) c[d] = 0;
    }
    Mapping candidate(std::move(slots), nodes.num_slots());
    if (boxes.size() == 1) return candidate;
    const Score s = score(groups, nodes, candidate, options.objective);
    if (!best || s < best_score) best = std::move(candidate), best_score = s;
  }
  return std::move(*best);
}

}  // namespace tamp::impl
