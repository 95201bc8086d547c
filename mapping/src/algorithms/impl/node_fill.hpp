// Turning a task -> node assignment into a task -> slot mapping.
#pragma once
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"

namespace tamp::impl {

/// `node_of_task[t]` is an allocated-node index. The tasks of each node take its cores in the order given by
/// `task_order` (all tasks, each once), core 0 first, wrapping round the cores when a node holds more tasks than
/// cores. Throws std::invalid_argument when a node gets more than cores * max_tasks_per_slot tasks.
Mapping fill_nodes(const std::vector<int>& node_of_task, const std::vector<int>& task_order,
                   const Allocation& allocation, int max_tasks_per_slot);

/// The identity order 0..n-1.
std::vector<int> identity_order(int n);

}  // namespace tamp::impl
