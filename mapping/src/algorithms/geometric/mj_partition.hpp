// MJ as the geometric mappers use it ([Deveci14] §IV-A/B): recursive coordinate bisection into an exact
// number of parts, the axis alternating with the level, sorting ties broken by the other coordinates and then
// the point index.
#pragma once
#include <map>
#include <vector>

#include "algorithms/impl/points.hpp"

namespace tamp::impl {

/// The points of one side (tasks or cores) prepared for many MJ runs: every axis compressed to dense integers
/// once, and the total orders MJ sorts by computed on demand and cached (a rotation search asks for the same
/// ones again).
class MjPoints {
 public:
  explicit MjPoints(const PointSet& points);

  int size() const { return n_; }
  int dim() const { return static_cast<int>(values_.size()); }
  /// Number of distinct values along an axis (1: the axis carries no information).
  int distinct(int axis) const { return distinct_[axis]; }
  /// Every point's dense rank along an axis: 0 for the smallest coordinate, distinct(axis) - 1 for the largest.
  const std::vector<int>& dense(int axis) const { return values_[axis]; }

  /// Position of every point in the lexicographic order of (coordinate key_axes[0], key_axes[1], ..., point
  /// index).
  const std::vector<int>& ranks(const std::vector<int>& key_axes);
  /// Computes the orders of every key not yet cached, on up to `threads` threads (then ranks() only looks up).
  void prepare(const std::vector<std::vector<int>>& keys, int threads);

 private:
  std::vector<int> compute_ranks(const std::vector<int>& key_axes) const;

  int n_ = 0;
  std::vector<std::vector<int>>
      values_;  // per axis: dense rank of the point's coordinate among distinct values
  std::vector<int> distinct_;
  std::map<std::vector<int>, std::vector<int>> cache_;
};

/// The outcome of one MJ run: point ids in part order; part k holds order[part_start[k] .. part_start[k +
/// 1]).
struct MjParts {
  std::vector<int> order;
  std::vector<int> part_start;  // size num_parts + 1
};

/// Partitions all points into `num_parts` parts of floor/ceil(n / num_parts) points. A range of P parts
/// splits into floor(P/2) low and ceil(P/2) high parts and its n points into floor(n * floor(P/2) / P) low
/// points and the rest, so the part sizes depend on (n, num_parts) only and two point sets with the same
/// num_parts get the same part tree. At recursion level l the low points are the smallest by level_keys[l %
/// level_keys.size()] (a total order: ranks from MjPoints::ranks). Requires 1 <= num_parts <= n and at most 8
/// level keys.
MjParts mj_partition(const std::vector<const std::vector<int>*>& level_keys, int num_parts);

/// The same partition when point i stands for weight[i] tied units (the cores of a node: same coordinates,
/// ties by core), numbered first_unit[i], first_unit[i] + 1, ...: part k holds order[part_start[k] ..
/// part_start[k + 1]), the part tree and the part of every unit are those of mj_partition on the units, at
/// the cost of the points. Requires 1 <= num_parts <= total weight.
MjParts mj_partition_weighted(const std::vector<const std::vector<int>*>& level_keys,
                              const std::vector<int>& weight, const std::vector<int>& first_unit,
                              int num_parts);

}  // namespace tamp::impl
