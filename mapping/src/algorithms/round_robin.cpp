// `round-robin`: task t on allocated node t mod N, skipping full nodes (the launchers' cyclic distribution).
#include "algorithms/impl/node_fill.hpp"
#include "tamp/algorithms.hpp"
#include "tamp/error.hpp"

namespace tamp {

Mapping map_round_robin(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  const int nodes = allocation.num_nodes();
  require(graph.num_tasks() <= static_cast<long long>(allocation.num_slots()) * options.max_tasks_per_slot,
          "round-robin: more tasks than the allocation can hold");
  std::vector<int> used(nodes, 0), node_of_task(graph.num_tasks());
  int node = 0;
  for (int t = 0; t < graph.num_tasks(); ++t) {
    while (used[node] >= allocation.cores_of(node) * options.max_tasks_per_slot) node = (node + 1) % nodes;
    node_of_task[t] = node;
    ++used[node];
    node = (node + 1) % nodes;
  }
  return impl::fill_nodes(node_of_task, impl::identity_order(graph.num_tasks()), allocation,
                          options.max_tasks_per_slot);
}

}  // namespace tamp
