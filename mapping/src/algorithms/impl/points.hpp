// Coordinates of tasks and nodes as flat point sets, shared by the geometric algorithms.
#pragma once
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::impl {

/// `size()` points of `dim` coordinates each, stored point after point.
struct PointSet {
  int dim = 0;
  std::vector<double> coords;
  int size() const { return dim == 0 ? 0 : static_cast<int>(coords.size() / dim); }
  double at(int point, int d) const { return coords[static_cast<size_t>(point) * dim + d]; }
};

/// Task coordinates: the grid coordinates when the graph has a grid, else its coordinates, else the task id.
PointSet task_points(const TaskGraph& graph);
/// Machine coordinates of each allocated node (Machine::node_coordinates).
PointSet node_points(const Allocation& allocation);

}  // namespace tamp::impl
