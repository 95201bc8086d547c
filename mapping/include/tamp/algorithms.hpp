// Entry points of the mapping algorithms (one file each under mapping/src/algorithms/).
#pragma once
#include "tamp/mapper.hpp"

namespace tamp {

/// Task t on slot t: what the launcher does.
Mapping map_default(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
/// A uniformly random permutation of the slots (seeded).
Mapping map_random(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
/// Task t on node t mod N (cyclic over nodes), next free core there.
Mapping map_round_robin(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
/// Node-aware blocking: tile the task grid into node-sized blocks, place the blocks onto the nodes by
/// recursive bisection of both coordinate sets.
Mapping map_blocked(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);

}  // namespace tamp
