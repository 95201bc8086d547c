// Task coordinates laid over the node box, for the heuristics that use geometry ([Bhatele10] §10.4: AFFN,
// COCE).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "algorithms/impl/points.hpp"
#include "algorithms/irregular/node_space.hpp"

namespace tamp::impl {

/// Pairs task coordinate axes with box axes: coordinates by decreasing spread (max - min) with box axes by
/// decreasing extent, ties in index order. When the tasks have fewer coordinate dimensions than the box, the
/// two shortest box axes are merged (repeatedly) into one axis walked in boustrophedon order, so that
/// consecutive positions along it are neighbouring cells (2D coordinates on a 3D torus: x on one dimension, y
/// snaking over the other two). Surplus coordinate dimensions (the smallest spreads) are ignored.
class TaskFrame {
 public:
  /// The grid coordinates when the graph has a grid shape, else its coordinates; throws
  /// std::invalid_argument("NAME: needs task coordinates ...") when it has neither (and has tasks).
  TaskFrame(const TaskGraph& graph, const NodeSpace& space, const std::string& name);

  int num_axes() const { return static_cast<int>(axes_.size()); }
  /// Extent (cells) of an axis.
  int axis_extent(int axis) const { return axes_[axis].extent; }
  /// [Bhatele10] Alg. 10.3 per axis: af = floor(P * (x - min) / (max - min)), clamped to P - 1; the middle
  /// position P / 2 when every task has the same x (the paper divides by zero there).
  std::vector<int> affine_position(int task) const;
  /// The cell at one position per axis.
  int cell_at(const std::vector<int>& position) const;
  /// The 2^axes corners of the box, corner k on the high end of axis a when bit a of k is set: the task
  /// farthest towards the corner (largest sum over axes of the normalised coordinate, or one minus it on the
  /// low end; ties to the lower id) and the corner's cell. In 2D these are the objects of extreme X and Y the
  /// paper puts on the four corners. A task extreme for several corners is used for the first only.
  std::vector<std::pair<int, int>> corners() const;

 private:
  struct Axis {
    int coordinate = 0;         // task coordinate dimension
    double lo = 0, spread = 0;  // min and max - min of that coordinate
    std::vector<int> box_dims;  // box dimensions walked by this axis, fastest first
    int extent = 1;             // product of their extents
  };
  double normalised(int task, const Axis& axis) const;

  const NodeSpace& space_;
  PointSet points_;
  std::vector<Axis> axes_;
};

}  // namespace tamp::impl
