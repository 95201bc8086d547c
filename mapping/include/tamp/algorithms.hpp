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
/// [Deveci14]'s Group: the task grid in blocks of one node's cores (group_block), block k on node k of the
/// allocation, tasks in row order within a block. Needs a task grid, equal cores per node, one task per slot.
Mapping map_group(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
/// The block of `group` for a task grid of `dims` and nodes of `cores` cores: the prime factors of `cores`
/// (largest first) handed to the last dimension, then the first ones, in turn, skipping a dimension whose remaining
/// task count they do not divide (16 cores, 3D: 2x2x4). Throws std::invalid_argument when no block tiles the grid.
std::vector<int> group_block(const std::vector<int>& dims, int cores);

}  // namespace tamp
