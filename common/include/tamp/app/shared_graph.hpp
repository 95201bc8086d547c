// The task graph of a problem, built once per process. A native MPI rank is its own process, so this is just
// `build()`; under SMPI every rank of the job shares the one graph built by the first rank that asks for `key`
// (P copies of a graph of P tasks and its collectives' rounds would need O(P^2) memory: 4,096 ranks of tamp-halo
// ran out of 24 GB).
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "tamp/task_graph.hpp"

namespace tamp::app {

/// `key` must name everything the graph depends on (a generator line does); the graph is immutable.
std::shared_ptr<const TaskGraph> shared_task_graph(const std::string& key, const std::function<TaskGraph()>& build);

}  // namespace tamp::app
