// Recursive coordinate bisection of two point sets together (tasks and nodes), the engine of `blocked`.
#pragma once
#include <vector>

#include "algorithms/impl/points.hpp"

namespace tamp::impl {

/// Assigns each point of `items` to a point of `bins` so that bin j receives at most capacity[j] items and items close
/// together land in bins close together: both sets are split along their widest coordinate (ties: lower dimension),
/// the bins into two halves by count, the items in proportion to the halves' capacities, recursively.
/// Sorting ties are broken by the other coordinates, then by index, so the result is deterministic.
/// Requires sum(capacity) >= items.size(). Returns the bin of each item.
std::vector<int> bisection_match(const PointSet& items, const PointSet& bins, const std::vector<int>& capacity);

}  // namespace tamp::impl
