// Two-level mapping for multi-core nodes ([Aktulga12]: placement inside nodes dominates): group the tasks
// into node-sized groups that keep the most bytes inside a node, map the groups onto the nodes with a
// node-level algorithm, then give each group's tasks the cores of its node.
#pragma once
#include <optional>
#include <vector>

#include "tamp/mapper.hpp"

namespace tamp::impl {

/// A node-level algorithm: maps `groups` (at most one per node) onto `nodes`, an allocation with one slot per node.
using NodeLevelFn = Mapping (*)(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);

/// Runs `node_level` on the node-level problem of (graph, allocation) and expands its result to slots.
/// With one core per node and one task per slot it is `node_level` itself. Otherwise tasks are grouped:
/// a regular grid into node-sized blocks of least surface (the block grid becomes the groups' grid shape),
/// anything else by the better (fewer bytes between groups) of greedy graph growing (heaviest connection to the
/// group first) and recursive bisection (graph growing + Fiduccia-Mattheyses); coordinates, when present,
/// become group centroids. Groups hold max_cores_per_node() x max_tasks_per_slot tasks (the last may hold fewer).
Mapping map_two_level(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                      NodeLevelFn node_level);

/// The registry entry of a node-level algorithm: `{"name", "summary", two_level<name_nodes>}`.
template <NodeLevelFn F>
Mapping two_level(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return map_two_level(graph, allocation, options, F);
}

/// map_two_level, but a regular grid is tiled in each of its `max_tilings` node-sized block shapes of least
/// surface (block_shapes()), not only the first; each tiling's block grid goes to `node_level` and the best
/// mapping by options.objective is kept (the least-surface tiling on ties). A tiling the algorithm refuses is
/// skipped; when every one is refused, the first refusal is thrown. Without a grid that tiles, map_two_level.
/// Blocks of c x 1 cores are the core index merged into a machine dimension, the processor mesh of a
/// [Bhatele10] mapping of ranks onto the cores of a 4D (X, Y, Z, T) partition.
Mapping map_two_level_tilings(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                              NodeLevelFn node_level, int max_tilings);

/// The registry entry of a node-level algorithm that tries several tilings: `two_level_tilings<name_nodes>`.
template <NodeLevelFn F>
Mapping two_level_tilings(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  constexpr int kTilings = 4;  // as `blocked`: the least-surface shapes; further ones rarely help
  return map_two_level_tilings(graph, allocation, options, F, kTilings);
}

/// The groups of map_two_level: group of each task, and the tasks of each group in core order.
struct Grouping {
  std::vector<int> group_of_task;
  std::vector<std::vector<int>> tasks_of_group;
  std::optional<GridShape> block_grid;  // when the groups tile a task grid: group id = block index
};
/// Blocks of shape `block` (dividing the grid) as groups: group id = block index, a group's tasks in the block's row
/// order (dimension 0 fastest), so cores follow its rows.
Grouping tile_grid(const GridShape& grid, const std::vector<int>& block);

/// Groups of `group_size` tasks: node-sized blocks of least surface when the graph has a grid that they tile,
/// otherwise the better, by bytes between groups, of greedy graph growing and recursive bisection.
Grouping group_tasks(const TaskGraph& graph, int group_size);

/// The messages between groups (`group_of_task`, each in [0, groups)): one message per ordered pair of groups
/// that exchange any, its bytes summed in task order (the messages and bytes, to the bit, of
/// TaskGraph::from_edges on the messages listed in task order); messages inside a group vanish.
/// O(messages + groups): a group's messages are merged by target before the few targets are sorted.
TaskGraph contract(const TaskGraph& graph, const std::vector<int>& group_of_task, int groups);

/// The graph between groups: bytes summed over the tasks of each pair (messages inside a group vanish); grid shape
/// when the grouping tiled a grid, centroids of task coordinates when the graph has coordinates.
TaskGraph quotient_graph(const TaskGraph& graph, const Grouping& grouping);

}  // namespace tamp::impl
