#include "algorithms/impl/points.hpp"

namespace tamp::impl {

PointSet task_points(const TaskGraph& graph) {
  PointSet points;
  const int n = graph.num_tasks();
  if (graph.grid()) {
    const GridShape& grid = *graph.grid();
    points.dim = static_cast<int>(grid.dims.size());
    points.coords.reserve(static_cast<size_t>(n) * points.dim);
    for (int t = 0; t < n; ++t)
      for (int c : grid.coords(t)) points.coords.push_back(c);
  } else if (graph.has_coordinates()) {
    points.dim = graph.coordinate_dim();
    points.coords = graph.coordinates();
  } else {
    points.dim = 1;
    points.coords.resize(n);
    for (int t = 0; t < n; ++t) points.coords[t] = t;
  }
  return points;
}

PointSet node_points(const Allocation& allocation) {
  PointSet points;
  for (int i = 0; i < allocation.num_nodes(); ++i) {
    std::vector<double> c = allocation.machine().node_coordinates(allocation.node(i));
    if (i == 0) points.dim = static_cast<int>(c.size());
    points.coords.insert(points.coords.end(), c.begin(), c.end());
  }
  return points;
}

}  // namespace tamp::impl
