// `blocked`: node-aware blocking. On multi-core nodes what matters first is which tasks share a node; so tile the
// task grid into node-sized blocks of least surface, then place the block grid onto the nodes by recursive
// bisection of block and node coordinates together. Without an exact tiling (or a grid), tasks are bisected
// straight onto the nodes, each node taking as many tasks as it has cores.
#include <algorithm>
#include <numeric>

#include "algorithms/impl/bisection.hpp"
#include "algorithms/impl/block_shape.hpp"
#include "algorithms/impl/node_fill.hpp"
#include "tamp/algorithms.hpp"

namespace tamp {
namespace {

// Tasks of each block in grid order (dimension 0 fastest inside the block), so cores follow the block's rows.
std::vector<int> tasks_by_block(const GridShape& grid, const std::vector<int>& block, std::vector<int>& block_of_task,
                                GridShape& block_grid) {
  const int dims = static_cast<int>(grid.dims.size());
  block_grid.dims.resize(dims);
  for (int d = 0; d < dims; ++d) block_grid.dims[d] = grid.dims[d] / block[d];
  const long long tasks = grid.size();
  block_of_task.resize(tasks);
  std::vector<int> order(tasks);
  std::vector<long long> key(tasks);
  for (long long t = 0; t < tasks; ++t) {
    std::vector<int> c = grid.coords(t), bc(dims), inner(dims);
    for (int d = 0; d < dims; ++d) bc[d] = c[d] / block[d], inner[d] = c[d] % block[d];
    block_of_task[t] = static_cast<int>(block_grid.index(bc));
    long long within = 0;
    for (int d = dims - 1; d >= 0; --d) within = within * block[d] + inner[d];
    key[t] = within;
    order[t] = static_cast<int>(t);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key[a] < key[b]; });
  return order;
}

}  // namespace

Mapping map_blocked(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  const impl::PointSet nodes = impl::node_points(allocation);
  std::vector<int> capacity(allocation.num_nodes());
  for (int i = 0; i < allocation.num_nodes(); ++i) capacity[i] = allocation.cores_of(i) * options.max_tasks_per_slot;

  const bool exact = graph.grid() && allocation.uniform_cores() && options.max_tasks_per_slot == 1 &&
                     graph.num_tasks() == allocation.num_slots();
  const auto block = exact ? impl::best_block_shape(graph.grid()->dims, allocation.max_cores_per_node())
                           : std::optional<std::vector<int>>();
  if (block) {
    std::vector<int> block_of_task;
    GridShape block_grid;
    const std::vector<int> order = tasks_by_block(*graph.grid(), *block, block_of_task, block_grid);
    impl::PointSet blocks{static_cast<int>(block_grid.dims.size()), {}};
    for (long long b = 0; b < block_grid.size(); ++b)
      for (int c : block_grid.coords(b)) blocks.coords.push_back(c);
    const std::vector<int> node_of_block =
        impl::bisection_match(blocks, nodes, std::vector<int>(allocation.num_nodes(), 1));
    std::vector<int> node_of_task(graph.num_tasks());
    for (int t = 0; t < graph.num_tasks(); ++t) node_of_task[t] = node_of_block[block_of_task[t]];
    return impl::fill_nodes(node_of_task, order, allocation, options.max_tasks_per_slot);
  }
  const std::vector<int> node_of_task = impl::bisection_match(impl::task_points(graph), nodes, capacity);
  return impl::fill_nodes(node_of_task, impl::identity_order(graph.num_tasks()), allocation,
                          options.max_tasks_per_slot);
}

}  // namespace tamp
