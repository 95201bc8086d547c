// The glue of the grid embeddings: the task grid as a 2D grid, and the allocated nodes as a box of 2 or 3
// dimensions.
#include "algorithms/regular/regular_embeddings.hpp"

#include <optional>
#include <string>

#include "algorithms/impl/node_grid.hpp"
#include "algorithms/impl/objective.hpp"
#include "tamp/error.hpp"
#include "tamp/torus.hpp"

namespace tamp::impl {
namespace {

// The nodes as a box: extents, and the slot of the node on every cell.
struct NodeBox {
  std::vector<int> dims;
  std::vector<int> slot_at;
};

std::string dims_text(const std::vector<int>& dims) {
  std::string s;
  for (int n : dims) s += (s.empty() ? "" : "x") + std::to_string(n);
  return s;
}

// The box with the node-on-router index (last dimension) folded into router dimension `into`: coordinate
// c_into * n + c_node, so the nodes of one router stay side by side.
NodeBox merge_node_index(const NodeBox& box, int into) {
  const int last = static_cast<int>(box.dims.size()) - 1, per_router = box.dims[last];
  NodeBox merged;
  merged.dims.assign(box.dims.begin(), box.dims.end() - 1);
  merged.dims[into] *= per_router;
  merged.slot_at.assign(box.slot_at.size(), -1);
  std::vector<int> c(box.dims.size());
  for (size_t cell = 0; cell < box.slot_at.size(); ++cell) {
    int rest = static_cast<int>(cell);
    for (size_t d = 0; d < c.size(); ++d) c[d] = rest % box.dims[d], rest /= box.dims[d];
    int index = 0;
    for (int d = last - 1; d >= 0; --d)
      index = index * merged.dims[d] + (d == into ? c[d] * per_router + c[last] : c[d]);
    merged.slot_at[index] = box.slot_at[cell];
  }
  return merged;
}

// Every view of the allocated nodes as a full box of `want` dimensions.
std::vector<NodeBox> node_boxes(const Allocation& nodes, int want, const char* name) {
  const std::optional<NodeGrid> grid = node_grid(nodes);
  require(grid.has_value(), std::string(name) + ": needs a torus or mesh machine");
  NodeBox box{grid->dims, std::vector<int>(grid->node_at.size(), -1)};
  int allocated = 0;
  for (size_t cell = 0; cell < box.slot_at.size(); ++cell) {
    const int node = grid->node_at[cell];
    if (node >= 0 && nodes.cores_of(node) > 0) box.slot_at[cell] = nodes.first_slot(node), ++allocated;
  }
  require(allocated == grid->num_cells(), std::string(name) + ": needs the allocated nodes to fill a box (" +
                                              std::to_string(allocated) + " of the " +
                                              std::to_string(grid->num_cells()) + " nodes of the " +
                                              dims_text(grid->dims) + " box are allocated)");
  const int have = static_cast<int>(box.dims.size());
  const int torus_dims = static_cast<const Torus&>(nodes.machine()).num_dims();
  const bool node_index_last = grid->axis.back() == torus_dims;
  if (have == want) return {box};
  if (have < want && want == 2) {  // a line of nodes is an n x 1 mesh
    box.dims.resize(want, 1);
    return {box};
  }
  if (have == want + 1 && node_index_last) {
    std::vector<NodeBox> views;
    for (int d = 0; d < have - 1; ++d) views.push_back(merge_node_index(box, d));
    return views;
  }
  throw std::invalid_argument(std::string(name) + ": needs a " + std::to_string(want) +
                              "D box of nodes, the allocation spans a " + dims_text(grid->dims) + " box" +
                              (want == 2 && have == 3 ? " (stack or fold map a 2D grid onto 3D)" : ""));
}

}  // namespace

std::vector<int> task_grid_2d(const TaskGraph& groups, const char* name) {
  require(groups.grid().has_value(), std::string(name) + ": needs a task grid (a stencil pattern)");
  std::vector<int> sides;
  for (int n : groups.grid()->dims)
    if (n > 1) sides.push_back(n);
  require(sides.size() <= 2,
          std::string(name) + ": needs a 2D task grid, got " + dims_text(groups.grid()->dims));
  sides.resize(2, 1);
  return sides;
}

Mapping map_on_node_box(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options,
                        int box_dims, BoxPlacement place, const char* name) {
  const std::vector<int> grid = task_grid_2d(groups, name);
  const std::vector<NodeBox> views = node_boxes(nodes, box_dims, name);
  require(grid[0] * static_cast<long long>(grid[1]) <= static_cast<long long>(views[0].slot_at.size()),
          std::string(name) + ": more task groups than nodes");
  std::optional<Mapping> best;
  Score best_score;
  for (const NodeBox& box : views) {
    const std::vector<int> cells = place(grid[0], grid[1], box.dims);
    std::vector<int> slots(cells.size());
    for (size_t t = 0; t < cells.size(); ++t) slots[t] = box.slot_at[cells[t]];
    Mapping candidate(std::move(slots), nodes.num_slots());
    if (views.size() == 1) return candidate;
    const Score s = score(groups, nodes, candidate, options.objective);
    if (!best || s < best_score) best = std::move(candidate), best_score = s;
  }
  return std::move(*best);
}

}  // namespace tamp::impl
