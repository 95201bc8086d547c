// Direct embedding of a grid onto allocated nodes that form a full box of the same shape.
#pragma once
#include <optional>
#include <vector>

#include "algorithms/impl/points.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::impl {

/// When the nodes fill a box (every coordinate combination inside their bounding box is allocated, once) whose
/// extents longer than 1 are, in some order, the grid's dimensions longer than 1, returns the node index of each
/// grid cell: grid dimensions are paired with box dimensions of the same length, longest first, ties in order.
/// Otherwise std::nullopt.
std::optional<std::vector<int>> box_embedding(const GridShape& grid, const PointSet& nodes);

}  // namespace tamp::impl
