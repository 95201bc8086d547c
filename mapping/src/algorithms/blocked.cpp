// `blocked`: node-aware blocking. On multi-core nodes what matters first is which tasks share a node, so the task
// grid is tiled into node-sized blocks of small surface, and the block grid is then placed onto the nodes. Several
// tilings and placements are tried and the best by the objective is kept:
//   - tilings: the node-sized blocks of least surface (a few of them);
//   - placements of the block grid: straight onto the nodes when they form a box of the same shape; by recursive
//     bisection of block and node coordinates together; in order (block k on allocated node k); and on switch
//     trees, boxes of blocks, one per leaf switch.
// On switch trees with declared level distances, under the time objective, the candidates close to the best by the
// phases are ranked by the flow engine's step (the step model of `auto`), which tells apart box shapes the phases
// tie.
// Without an exact tiling (or a grid) tasks are bisected straight onto the nodes, each taking as many as it has cores.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "algorithms/composite/step_ranking.hpp"
#include "algorithms/impl/bisection.hpp"
#include "algorithms/impl/block_shape.hpp"
#include "algorithms/impl/box_embedding.hpp"
#include "algorithms/impl/level_groups.hpp"
#include "algorithms/impl/node_fill.hpp"
#include "algorithms/impl/objective.hpp"
#include "algorithms/impl/two_level.hpp"
#include "tamp/algorithms.hpp"
#include "tamp/fat_tree.hpp"

namespace tamp {
namespace {

constexpr int kMaxTilings = 4;  // least-surface tilings tried; more rarely help and each costs an evaluation
// On switch trees with level distances, under the time objective, the candidates whose predicted time is within
// this fraction of the best one's are ranked by the step model: on a 7-point stencil of 16x8x8 tasks on 8 switches
// of 8 16-core nodes, five placements tie by the phases (the same busiest uplink and hop-bytes) and their steps
// differ by 1.3%; the next ones are 19% behind. The same margin as `auto`'s finalists (its step 8).
constexpr double kStepRankingMargin = 0.05;

// On a switch tree a leaf switch's uplink carries every byte between its nodes and the rest, so the block grid
// is tiled again into boxes of as many blocks as a leaf switch has allocated nodes, one box per switch (a few
// box shapes: the least surface in blocks is not the least in bytes when the blocks are not cubes). Nothing
// unless every leaf switch holds the same number of the job's nodes and the boxes tile the block grid.
// The allocated nodes under each leaf switch, or nothing when that is not a placement to try: not a switch tree
// of two switch levels or more (declared level distances or not), one switch, or switches holding different
// numbers of the job's nodes.
std::vector<std::vector<int>> nodes_per_leaf_switch(const Allocation& allocation) {
  const auto* tree = dynamic_cast<const FatTree*>(&allocation.machine());
  if (tree == nullptr || !tree->is_switch_tree() || tree->num_distance_levels() < 3) return {};
  std::int64_t work = 0;
  const std::vector<int> switch_of = impl::groups_at_level(allocation, 1, work);
  std::vector<std::vector<int>> nodes_of;
  for (int i = 0; i < allocation.num_nodes(); ++i) {
    if (switch_of[i] == static_cast<int>(nodes_of.size())) nodes_of.emplace_back();
    nodes_of[switch_of[i]].push_back(i);
  }
  const std::size_t per_switch = nodes_of.front().size();
  if (nodes_of.size() < 2 || per_switch < 2 ||
      std::any_of(nodes_of.begin(), nodes_of.end(), [&](const auto& n) { return n.size() != per_switch; }))
    return {};
  return nodes_of;
}

void add_switch_placements(const GridShape& block_grid, const std::vector<std::vector<int>>& nodes_of,
                           std::vector<std::vector<int>>& placements) {
  if (nodes_of.empty()) return;
  const std::size_t per_switch = nodes_of.front().size();
  for (const auto& box : impl::block_shapes(block_grid.dims, static_cast<int>(per_switch), kMaxTilings)) {
    const impl::Grouping boxes = impl::tile_grid(block_grid, box);
    std::vector<int> node_of_block(static_cast<std::size_t>(block_grid.size()));
    for (std::size_t g = 0; g < boxes.tasks_of_group.size(); ++g)
      for (std::size_t k = 0; k < per_switch; ++k) node_of_block[boxes.tasks_of_group[g][k]] = nodes_of[g][k];
    placements.push_back(std::move(node_of_block));
  }
}

// The ways of putting block k of `tiling` on a node, one node per block.
std::vector<std::vector<int>> block_placements(const GridShape& block_grid, const impl::PointSet& nodes,
                                               const std::vector<std::vector<int>>& leaf_switches) {
  std::vector<std::vector<int>> placements;
  if (auto direct = impl::box_embedding(block_grid, nodes)) placements.push_back(std::move(*direct));
  impl::PointSet blocks{static_cast<int>(block_grid.dims.size()), {}};
  for (long long b = 0; b < block_grid.size(); ++b)
    for (int c : block_grid.coords(b)) blocks.coords.push_back(c);
  placements.push_back(impl::bisection_match(blocks, nodes, std::vector<int>(nodes.size(), 1)));
  placements.push_back(impl::identity_order(nodes.size()));
  add_switch_placements(block_grid, leaf_switches, placements);
  return placements;
}

// A candidate placement of the blocks and its score by the phases.
struct ScoredPlacement {
  impl::Score score;
  Mapping mapping;
};

// Adds `c` to `close` and drops the entries more than kStepRankingMargin behind the best of them.
void keep_close(ScoredPlacement c, std::vector<ScoredPlacement>& close) {
  close.push_back(std::move(c));
  impl::Score best = close.front().score;
  for (const ScoredPlacement& k : close) best = std::min(best, k.score);
  const double limit = best.primary * (1 + kStepRankingMargin);
  close.erase(std::remove_if(close.begin(), close.end(),
                             [&](const ScoredPlacement& k) { return k.score.primary > limit; }),
              close.end());
}

// The candidate of `close` fastest in one step of the flow engine, within options.step_model_work (`auto`'s
// ranking: its windows, the tasks' work of options.step_work, a placement equal to an earlier one not run again).
// The list runs best by the phases first (ties: the earlier candidate), which wins ties and keeps its place when
// the bound stops the ranking or the graph's phases cannot run as steps.
Mapping fastest_step(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                     std::vector<ScoredPlacement> close) {
  std::stable_sort(close.begin(), close.end(),
                   [](const ScoredPlacement& a, const ScoredPlacement& b) { return a.score < b.score; });
  std::vector<impl::ShortListed> list;
  for (std::size_t i = 0; i < close.size(); ++i) list.push_back({std::to_string(i), &close[i].mapping});
  std::int64_t work = 0;
  std::string note;
  const std::vector<AutoRanked> ranked =
      impl::rank_by_steps(graph, allocation, list, options.step_work.get(), options.step_model_work, work, note);
  const std::size_t fastest = ranked.empty() ? 0 : impl::fastest_ranked(ranked, &AutoRanked::seconds);
  return std::move(close[fastest].mapping);
}

}  // namespace

Mapping map_blocked(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  const impl::PointSet nodes = impl::node_points(allocation);
  const bool tileable = graph.grid() && allocation.uniform_cores() && options.max_tasks_per_slot == 1 &&
                        graph.num_tasks() == allocation.num_slots();
  const auto shapes = tileable ? impl::block_shapes(graph.grid()->dims, allocation.max_cores_per_node(), kMaxTilings)
                               : std::vector<std::vector<int>>();
  const auto leaf_switches = shapes.empty() ? std::vector<std::vector<int>>() : nodes_per_leaf_switch(allocation);
  const bool by_steps = !leaf_switches.empty() && !allocation.machine().level_distances().empty() &&
                        options.objective == Objective::time && options.step_model_work > 0;
  std::vector<ScoredPlacement> close;  // by_steps: the candidates within kStepRankingMargin of the best, in their order
  std::optional<Mapping> best;
  impl::Score best_score;
  for (const auto& shape : shapes) {
    const impl::Grouping tiling = impl::tile_grid(*graph.grid(), shape);
    std::vector<int> task_order;  // each block's tasks in its row order, so cores follow the rows
    for (const auto& tasks : tiling.tasks_of_group) task_order.insert(task_order.end(), tasks.begin(), tasks.end());
    for (const std::vector<int>& node_of_block : block_placements(*tiling.block_grid, nodes, leaf_switches)) {
      std::vector<int> node_of_task(graph.num_tasks());
      for (int t = 0; t < graph.num_tasks(); ++t) node_of_task[t] = node_of_block[tiling.group_of_task[t]];
      Mapping candidate = impl::fill_nodes(node_of_task, task_order, allocation, 1);
      const impl::Score s = impl::score(graph, allocation, candidate, options.objective);
      if (by_steps) keep_close({s, candidate}, close);
      if (!best || s < best_score) best = std::move(candidate), best_score = s;
    }
  }
  if (by_steps && close.size() > 1) return fastest_step(graph, allocation, options, std::move(close));
  if (best) return std::move(*best);

  std::vector<int> capacity(allocation.num_nodes());
  for (int i = 0; i < allocation.num_nodes(); ++i) capacity[i] = allocation.cores_of(i) * options.max_tasks_per_slot;
  const std::vector<int> node_of_task = impl::bisection_match(impl::task_points(graph), nodes, capacity);
  return impl::fill_nodes(node_of_task, impl::identity_order(graph.num_tasks()), allocation,
                          options.max_tasks_per_slot);
}

}  // namespace tamp
