#include "algorithms/impl/node_fill.hpp"

#include <numeric>
#include <string>

#include "tamp/error.hpp"

namespace tamp::impl {

Mapping fill_nodes(const std::vector<int>& node_of_task, const std::vector<int>& task_order,
                   const Allocation& allocation, int max_tasks_per_slot) {
  std::vector<int> used(allocation.num_nodes(), 0);
  std::vector<int> slots(node_of_task.size(), -1);
  for (int task : task_order) {
    const int node = node_of_task[task];
    const int cores = allocation.cores_of(node);
    require(used[node] < cores * max_tasks_per_slot,
            "node " + std::to_string(node) + " of the allocation is given more than " +
                std::to_string(cores * max_tasks_per_slot) + " tasks");
    slots[task] = allocation.first_slot(node) + used[node] % cores;
    ++used[node];
  }
  return Mapping(std::move(slots), allocation.num_slots());
}

std::vector<int> identity_order(int n) {
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

}  // namespace tamp::impl
