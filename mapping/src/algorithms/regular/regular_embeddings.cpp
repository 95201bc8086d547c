// The glue of the grid embeddings: the task grid as a 2D grid, and the allocated nodes as a box of 2 or 3
// dimensions.
#include "algorithms/regular/regular_embeddings.hpp"

#include <optional>
#include <string>

#include "algorithms/impl/node_box.hpp"
#include "algorithms/impl/objective.hpp"
#include "tamp/error.hpp"
#include "tamp/text.hpp"
#include "tamp/torus.hpp"

namespace tamp::impl {
namespace {

// Every view of the allocated nodes as a full box of `want` dimensions.
std::vector<NodeBox> full_node_boxes(const Allocation& nodes, int want, const char* name) {
  NodeBox box = node_box(nodes, name);
  int allocated = 0;
  for (int slot : box.slot_at) allocated += slot >= 0;
  require(allocated == static_cast<int>(box.slot_at.size()),
          std::string(name) + ": needs the allocated nodes to fill a box (" + std::to_string(allocated) +
              " of the " + std::to_string(box.slot_at.size()) + " nodes of the " + extents_text(box.dims) +
              " box are allocated)");
  const int have = static_cast<int>(box.dims.size());
  if (have == want) return {box};
  if (have < want && want == 2) {  // a line of nodes is an n x 1 mesh
    box.dims.resize(want, 1);
    return {box};
  }
  if (have == want + 1 && box.node_index_last) {
    std::vector<NodeBox> views;
    for (int d = 0; d < have - 1; ++d) views.push_back(merge_node_index(box, d));
    return views;
  }
  throw std::invalid_argument(std::string(name) + ": needs a " + std::to_string(want) +
                              "D box of nodes, the allocation spans a " + extents_text(box.dims) + " box" +
                              (want == 2 && have == 3 ? " (stack or fold map a 2D grid onto 3D)" : ""));
}

}  // namespace

std::vector<int> task_grid_2d(const TaskGraph& groups, const char* name) {
  require(groups.grid().has_value(), std::string(name) + ": needs a task grid (a stencil pattern)");
  std::vector<int> sides;
  for (int n : groups.grid()->dims)
    if (n > 1) sides.push_back(n);
  require(sides.size() <= 2,
          std::string(name) + ": needs a 2D task grid, got " + extents_text(groups.grid()->dims));
  sides.resize(2, 1);
  return sides;
}

Mapping map_on_node_box(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options,
                        int box_dims, BoxEmbedding place, const char* name) {
  const std::vector<int> grid = task_grid_2d(groups, name);
  const std::vector<NodeBox> views = full_node_boxes(nodes, box_dims, name);
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
