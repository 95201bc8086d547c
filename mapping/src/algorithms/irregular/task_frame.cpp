#include "algorithms/irregular/task_frame.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "tamp/error.hpp"

namespace tamp::impl {

TaskFrame::TaskFrame(const TaskGraph& graph, const NodeSpace& space, const std::string& name)
    : space_(space) {
  require(graph.num_tasks() == 0 || graph.grid() || graph.has_coordinates(),
          name + ": needs task coordinates (a coordinates file, or a task grid)");
  points_ = task_points(graph);
  const int n = points_.size();

  // Box axes: one per dimension, the two shortest merged while there are more axes than coordinates.
  std::vector<Axis> box;
  for (int d = 0; d < space.num_dims(); ++d) {
    Axis axis;
    axis.box_dims = {d};
    axis.extent = space.extent(d);
    box.push_back(axis);
  }
  const auto shorter = [](const Axis& a, const Axis& b) {
    return a.extent != b.extent ? a.extent < b.extent : a.box_dims.front() < b.box_dims.front();
  };
  while (static_cast<int>(box.size()) > std::max(1, points_.dim)) {
    std::sort(box.begin(), box.end(), shorter);
    box[0].box_dims.insert(box[0].box_dims.end(), box[1].box_dims.begin(), box[1].box_dims.end());
    box[0].extent *= box[1].extent;
    box.erase(box.begin() + 1);
  }
  std::sort(box.begin(), box.end(), [](const Axis& a, const Axis& b) {
    return a.extent != b.extent ? a.extent > b.extent : a.box_dims.front() < b.box_dims.front();
  });

  // Coordinates by decreasing spread.
  std::vector<double> lo(points_.dim, 0), spread(points_.dim, 0);
  for (int d = 0; d < points_.dim; ++d) {
    double min = n > 0 ? points_.at(0, d) : 0, max = min;
    for (int t = 1; t < n; ++t) {
      min = std::min(min, points_.at(t, d));
      max = std::max(max, points_.at(t, d));
    }
    lo[d] = min;
    spread[d] = max - min;
  }
  std::vector<int> order(points_.dim);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return spread[a] > spread[b]; });

  for (size_t a = 0; a < box.size() && a < order.size(); ++a) {
    Axis axis = box[a];
    axis.coordinate = order[a];
    axis.lo = lo[order[a]];
    axis.spread = spread[order[a]];
    axes_.push_back(axis);
  }
}

double TaskFrame::normalised(int task, const Axis& axis) const {
  if (axis.spread <= 0) return 0.5;
  return (points_.at(task, axis.coordinate) - axis.lo) / axis.spread;
}

std::vector<int> TaskFrame::affine_position(int task) const {
  std::vector<int> position(axes_.size());
  for (size_t a = 0; a < axes_.size(); ++a) {
    const Axis& axis = axes_[a];
    const int p = static_cast<int>(std::floor(axis.extent * normalised(task, axis)));
    position[a] = std::min(std::max(p, 0), axis.extent - 1);
  }
  return position;
}

int TaskFrame::cell_at(const std::vector<int>& position) const {
  std::vector<int> coords(space_.num_dims(), 0);
  for (size_t a = 0; a < axes_.size(); ++a) {
    // Boustrophedon decoding: the slowest box dimension first; the faster ones reverse on odd rows.
    const std::vector<int>& dims = axes_[a].box_dims;
    int p = position[a];
    for (size_t i = dims.size(); i-- > 1;) {
      int inner = 1;
      for (size_t j = 0; j < i; ++j) inner *= space_.extent(dims[j]);
      const int q = p / inner;
      int r = p % inner;
      if (q % 2 == 1) r = inner - 1 - r;
      coords[dims[i]] = q;
      p = r;
    }
    coords[dims[0]] = p;
  }
  return space_.grid().cell(coords);
}

std::vector<std::pair<int, int>> TaskFrame::corners() const {
  const int axes = num_axes();
  const int n = points_.size();
  std::vector<std::pair<int, int>> result;
  std::vector<bool> used(n, false);
  for (int k = 0; k < (1 << axes); ++k) {
    int best = -1;
    double best_score = 0;
    for (int t = 0; t < n; ++t) {
      double score = 0;
      for (int a = 0; a < axes; ++a) {
        const double u = normalised(t, axes_[a]);
        score += (k >> a & 1) ? u : 1 - u;
      }
      if (best < 0 || score > best_score) {
        best = t;
        best_score = score;
      }
    }
    if (best < 0 || used[best]) continue;
    used[best] = true;
    std::vector<int> position(axes);
    for (int a = 0; a < axes; ++a) position[a] = (k >> a & 1) ? axes_[a].extent - 1 : 0;
    result.emplace_back(best, cell_at(position));
  }
  return result;
}

}  // namespace tamp::impl
