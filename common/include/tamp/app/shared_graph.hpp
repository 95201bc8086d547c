// Immutable objects a problem builds, once per process. A native MPI rank is its own process, so this is just
// `build()`; under SMPI every rank of the job shares the one object built by the first rank that asks for `key`
// (P copies of a graph of P tasks and its collectives' rounds would need O(P^2) memory: 4,096 ranks of tamp-halo
// ran out of 24 GB; P ranks each generating and partitioning tamp-mesh's whole mesh took O(P^2) time).
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "tamp/task_graph.hpp"

namespace tamp::app {

/// The object stored under `key`, or the one `build` makes (then stored). `key` must name everything the object
/// depends on, and its kind; `build` must not communicate (under SMPI no other rank runs meanwhile).
std::shared_ptr<const void> shared_instance(const std::string& key,
                                            const std::function<std::shared_ptr<const void>()>& build);

template <class T, class Build>
std::shared_ptr<const T> shared_object(const std::string& key, Build&& build) {
  return std::static_pointer_cast<const T>(
      shared_instance(key, [&]() -> std::shared_ptr<const void> { return std::make_shared<const T>(build()); }));
}

/// `key` must name everything the graph depends on (a generator line does); the graph is immutable.
std::shared_ptr<const TaskGraph> shared_task_graph(const std::string& key, const std::function<TaskGraph()>& build);

}  // namespace tamp::app
