#include "algorithms/impl/node_box.hpp"

#include <optional>

#include "algorithms/impl/node_grid.hpp"
#include "tamp/error.hpp"
#include "tamp/grid.hpp"

namespace tamp::impl {

NodeBox node_box(const Allocation& nodes, const char* algorithm) {
  const std::optional<NodeGrid> grid = node_grid(nodes);
  require(grid.has_value(), std::string(algorithm) + ": needs a torus or mesh machine");
  NodeBox box{grid->dims, grid->wrap, std::vector<int>(grid->node_at.size(), -1), false};
  for (size_t cell = 0; cell < box.slot_at.size(); ++cell) {
    const int node = grid->node_at[cell];
    if (node >= 0 && nodes.cores_of(node) > 0) box.slot_at[cell] = nodes.first_slot(node);
  }
  box.node_index_last = grid->axis.back() == nodes.machine().grid()->num_dims();
  return box;
}

NodeBox merge_node_index(const NodeBox& box, int into) {
  const int last = static_cast<int>(box.dims.size()) - 1, per_router = box.dims[last];
  NodeBox merged{std::vector<int>(box.dims.begin(), box.dims.end() - 1),
                 std::vector<bool>(box.wrap.begin(), box.wrap.end() - 1),
                 std::vector<int>(box.slot_at.size(), -1), false};
  merged.dims[into] *= per_router;
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

}  // namespace tamp::impl
