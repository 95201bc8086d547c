// The level the registered geometric mappers work at. The paper maps tasks straight onto cores (map_*_slots):
// the bisection adapts each node's block of tasks to the machine's shape, but when the core counts do not
// fall on its cuts it splits a node's cores between two regions of the task domain. Grouping the tasks into
// node-sized blocks first (map_two_level) keeps every node's tasks one block, but of a fixed least-surface
// shape that may not fit the machine. Neither wins everywhere (docs/algorithms/geometric.md has the
// measurements), so geom keeps the paper's form and the searching variants, which already rank candidates by
// the objective, rank both forms' winners.
#include "algorithms/geometric/geometric.hpp"
#include "algorithms/impl/block_shape.hpp"
#include "algorithms/impl/two_level.hpp"
#include "parallel.hpp"

namespace tamp::impl {
namespace {

// The node-level search with no scoring budget of its own (it keeps its floor of rotations by hop-bytes).
template <bool kTorusShift>
Mapping node_level_without_budget(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_geometric_slots(groups, nodes, options, {true, kTorusShift, 0});
}

// `slots` is map_geometric_slots of `variant`, `lean_slots` the same without a scoring budget, for the node
// level.
Mapping best_of_both_levels(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                            NodeLevelFn slots, NodeLevelFn lean_slots, GeomVariant variant) {
  const int group_size = allocation.max_cores_per_node() * options.max_tasks_per_slot;
  if (group_size == 1 || !node_level_keeps_geometry(graph, allocation, options))
    return slots(graph, allocation, options);
  // Both levels' winners are scored on the whole graph below. When those two scorings alone cost more than the
  // search's budget (about 10^6 tasks and up), the node level's search spends none on its own rotations.
  const bool lean = options.objective != Objective::hop_bytes &&
                    2 * objective_scoring_cost(graph, allocation) > variant.full_scoring_budget;
  const NodeLevelFn node_level = lean ? lean_slots : slots;
  // The two forms at once when there are threads: each has serial parts (the closest subset of cores, the
  // grouping) that the other's search fills. Then the winners the searches did not score, side by side.
  const CandidateScorer scorer(graph, allocation, options.objective);
  Mapping by_slots, by_nodes;
  std::optional<Score> slots_score;
  const auto on_slots = [&] {
    ScoredMapping searched = search_geometric_slots(graph, allocation, options, variant);
    by_slots = std::move(searched.mapping);
    slots_score = searched.score;
  };
  const auto on_nodes = [&] { by_nodes = map_two_level(graph, allocation, options, node_level); };
  side_by_side(worker_threads(options.threads), on_slots, on_nodes);
  Score nodes_score;
  parallel_for(slots_score ? 1 : 2, worker_threads(options.threads), [&](std::size_t i) {
    if (i == 0)
      nodes_score = scorer(by_nodes.slots());
    else
      slots_score = scorer(by_slots.slots());
  });
  return nodes_score < *slots_score ? by_nodes : by_slots;  // ties: the paper's form
}

}  // namespace

bool node_level_keeps_geometry(const TaskGraph& graph, const Allocation& allocation,
                               const MapOptions& options) {
  const int group_size = allocation.max_cores_per_node() * options.max_tasks_per_slot;
  if (group_size == 1 || graph.has_coordinates()) return true;
  return graph.grid() && best_block_shape(graph.grid()->dims, group_size).has_value();
}

Mapping map_geom(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return map_geom_slots(graph, allocation, options);
}

Mapping map_geom_r(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return best_of_both_levels(graph, allocation, options, map_geom_r_slots, node_level_without_budget<false>,
                             {true, false});
}

Mapping map_geom_rs(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return best_of_both_levels(graph, allocation, options, map_geom_rs_slots, node_level_without_budget<true>,
                             {true, true});
}

}  // namespace tamp::impl
