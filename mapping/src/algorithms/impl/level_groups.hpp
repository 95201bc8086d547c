// The allocated nodes grouped by a level of a machine's distances (on a switch tree: the nodes under one switch).
#pragma once
#include <cstdint>
#include <vector>

#include "tamp/allocation.hpp"

namespace tamp::impl {

/// group_of[i]: the group at `level` of allocated node i (nodes at most `level` apart, Machine::level_apart),
/// numbered in order of their first node. `work` counts the comparisons made beyond a node's neighbour in the
/// allocation.
std::vector<int> groups_at_level(const Allocation& allocation, int level, std::int64_t& work);

}  // namespace tamp::impl
