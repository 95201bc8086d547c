#include "algorithms/impl/two_level.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "algorithms/impl/block_shape.hpp"
#include "algorithms/impl/objective.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {
namespace {

// Puts each group's tasks on the node its group was mapped to. A group larger than its node (a partly filled
// node) overflows to the nearest node with room (fewest hops, then lowest index).
Mapping expand_groups(const Grouping& grouping, const Mapping& group_nodes, const Allocation& allocation,
                      int max_tasks_per_slot, int num_tasks) {
  const int nodes = allocation.num_nodes();
  std::vector<int> used(nodes, 0), slots(num_tasks, -1);
  auto capacity = [&](int node) { return allocation.cores_of(node) * max_tasks_per_slot; };
  auto place = [&](int task, int node) {
    slots[task] = allocation.first_slot(node) + used[node] % allocation.cores_of(node);
    ++used[node];
  };
  std::vector<std::pair<int, int>> overflow;  // (task, wanted node)
  for (size_t g = 0; g < grouping.tasks_of_group.size(); ++g) {
    const int node = group_nodes.slot(static_cast<int>(g));
    for (int task : grouping.tasks_of_group[g]) {
      if (used[node] < capacity(node))
        place(task, node);
      else
        overflow.push_back({task, node});
    }
  }
  const Machine& machine = allocation.machine();
  for (const auto& [task, wanted] : overflow) {
    int best = -1, best_hops = std::numeric_limits<int>::max();
    for (int node = 0; node < nodes; ++node) {
      if (used[node] >= capacity(node)) continue;
      const int h = machine.hops(allocation.node(wanted), allocation.node(node));
      if (h < best_hops) best = node, best_hops = h;
    }
    require(best >= 0, "two-level mapping: more tasks than the allocation holds");
    place(task, best);
  }
  return Mapping(std::move(slots), allocation.num_slots());
}

// Maps the groups of `grouping` onto the nodes with `node_level` and expands the result to slots.
Mapping map_groups(const TaskGraph& graph, const Grouping& grouping, const Allocation& allocation,
                   const MapOptions& options, NodeLevelFn node_level, int group_size) {
  const Allocation nodes(allocation.machine_ptr(), allocation.nodes(), 1);
  require(static_cast<int>(grouping.tasks_of_group.size()) <= nodes.num_slots(),
          "two-level mapping: more groups than nodes");
  MapOptions node_options = options;
  node_options.max_tasks_per_slot = 1;
  Mapping group_nodes;
  try {
    group_nodes = node_level(quotient_graph(graph, grouping), nodes, node_options);
  } catch (const std::invalid_argument& e) {
    // The algorithm saw the groups, not the tasks: say so, or "got 50x50x25" would puzzle a 100^3 user.
    throw std::invalid_argument(std::string(e.what()) + " (at node level: groups of " +
                                std::to_string(group_size) + " tasks, one per node)");
  }
  group_nodes.validate(1);
  return expand_groups(grouping, group_nodes, allocation, options.max_tasks_per_slot, graph.num_tasks());
}

}  // namespace

Mapping map_two_level(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                      NodeLevelFn node_level) {
  const int group_size = allocation.max_cores_per_node() * options.max_tasks_per_slot;
  if (group_size == 1) return node_level(graph, allocation, options);
  return map_groups(graph, group_tasks(graph, group_size), allocation, options, node_level, group_size);
}

Mapping map_two_level_tilings(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                              NodeLevelFn node_level, int max_tilings) {
  const int group_size = allocation.max_cores_per_node() * options.max_tasks_per_slot;
  if (group_size == 1 || !graph.grid()) return map_two_level(graph, allocation, options, node_level);
  const std::vector<std::vector<int>> shapes = block_shapes(graph.grid()->dims, group_size, max_tilings);
  if (shapes.size() <= 1) return map_two_level(graph, allocation, options, node_level);  // nothing to choose
  std::optional<Mapping> best;
  Score best_score;
  std::optional<std::invalid_argument> first_error;
  for (const std::vector<int>& shape : shapes) {
    try {
      Mapping candidate =
          map_groups(graph, tile_grid(*graph.grid(), shape), allocation, options, node_level, group_size);
      const Score s = score(graph, allocation, candidate, options.objective);
      if (!best || s < best_score) best = std::move(candidate), best_score = s;
    } catch (const std::invalid_argument& e) {
      if (!first_error) first_error = e;  // this tiling does not apply; another may
    }
  }
  if (!best) throw *first_error;
  return std::move(*best);
}

}  // namespace tamp::impl
