// `blocked`: node-aware blocking. On multi-core nodes what matters first is which tasks share a node, so the task
// grid is tiled into node-sized blocks of small surface, and the block grid is then placed onto the nodes. Several
// tilings and placements are tried and the best by the objective is kept:
//   - tilings: the node-sized blocks of least surface (a few of them);
//   - placements of the block grid: straight onto the nodes when they form a box of the same shape; by recursive
//     bisection of block and node coordinates together; and in order (block k on allocated node k).
// Without an exact tiling (or a grid) tasks are bisected straight onto the nodes, each taking as many as it has cores.
#include <algorithm>
#include <optional>

#include "algorithms/impl/bisection.hpp"
#include "algorithms/impl/block_shape.hpp"
#include "algorithms/impl/box_embedding.hpp"
#include "algorithms/impl/node_fill.hpp"
#include "algorithms/impl/objective.hpp"
#include "algorithms/impl/two_level.hpp"
#include "tamp/algorithms.hpp"

namespace tamp {
namespace {

constexpr int kMaxTilings = 4;  // least-surface tilings tried; more rarely help and each costs an evaluation

// The ways of putting block k of `tiling` on a node, one node per block.
std::vector<std::vector<int>> block_placements(const GridShape& block_grid, const impl::PointSet& nodes) {
  std::vector<std::vector<int>> placements;
  if (auto direct = impl::box_embedding(block_grid, nodes)) placements.push_back(std::move(*direct));
  impl::PointSet blocks{static_cast<int>(block_grid.dims.size()), {}};
  for (long long b = 0; b < block_grid.size(); ++b)
    for (int c : block_grid.coords(b)) blocks.coords.push_back(c);
  placements.push_back(impl::bisection_match(blocks, nodes, std::vector<int>(nodes.size(), 1)));
  placements.push_back(impl::identity_order(nodes.size()));
  return placements;
}

}  // namespace

Mapping map_blocked(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  const impl::PointSet nodes = impl::node_points(allocation);
  const bool tileable = graph.grid() && allocation.uniform_cores() && options.max_tasks_per_slot == 1 &&
                        graph.num_tasks() == allocation.num_slots();
  const auto shapes = tileable ? impl::block_shapes(graph.grid()->dims, allocation.max_cores_per_node(), kMaxTilings)
                               : std::vector<std::vector<int>>();
  std::optional<Mapping> best;
  impl::Score best_score;
  for (const auto& shape : shapes) {
    const impl::Grouping tiling = impl::tile_grid(*graph.grid(), shape);
    std::vector<int> task_order;  // each block's tasks in its row order, so cores follow the rows
    for (const auto& tasks : tiling.tasks_of_group) task_order.insert(task_order.end(), tasks.begin(), tasks.end());
    for (const std::vector<int>& node_of_block : block_placements(*tiling.block_grid, nodes)) {
      std::vector<int> node_of_task(graph.num_tasks());
      for (int t = 0; t < graph.num_tasks(); ++t) node_of_task[t] = node_of_block[tiling.group_of_task[t]];
      Mapping candidate = impl::fill_nodes(node_of_task, task_order, allocation, 1);
      const impl::Score s = impl::score(graph, allocation, candidate, options.objective);
      if (!best || s < best_score) best = std::move(candidate), best_score = s;
    }
  }
  if (best) return std::move(*best);

  std::vector<int> capacity(allocation.num_nodes());
  for (int i = 0; i < allocation.num_nodes(); ++i) capacity[i] = allocation.cores_of(i) * options.max_tasks_per_slot;
  const std::vector<int> node_of_task = impl::bisection_match(impl::task_points(graph), nodes, capacity);
  return impl::fill_nodes(node_of_task, impl::identity_order(graph.num_tasks()), allocation,
                          options.max_tasks_per_slot);
}

}  // namespace tamp
