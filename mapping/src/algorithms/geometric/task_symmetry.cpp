// Task orderings of a rotation search that cannot score differently. When the task points fill a box and
// swapping two of its axes of equal extent maps the graph onto itself (every message (u, v, bytes) has its
// image (pi(u), pi(v), bytes)), MJ cuts the swapped points under the swapped ordering into the images of the
// parts it cut the points into under the original one: the keys hold every axis and the points are distinct,
// so each part is fixed by the ranks alone. Each machine ordering then gives the two task orderings
// placements that differ by the graph's automorphism pi, and any score made of (slot, slot, bytes) triples,
// hop-bytes among them, is the same for both. A cube stencil's six task orderings are one.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <numeric>
#include <vector>

#include "algorithms/geometric/geometric.hpp"
#include "algorithms/geometric/mj_partition.hpp"
#include "parallel.hpp"

namespace tamp::impl {
namespace {

// Box position of every point (axis 0 slowest), or nothing when two points share one or the box has holes.
std::vector<std::int64_t> box_positions(const MjPoints& points, std::vector<int>& task_at) {
  const int n = points.size();
  std::int64_t cells = 1;
  for (int d = 0; d < points.dim() && cells <= n; ++d)
    cells *= points.distinct(d);  // each factor <= n: no overflow
  if (cells != n) return {};
  std::vector<std::int64_t> position(n, 0);
  task_at.assign(n, -1);
  for (int t = 0; t < n; ++t) {
    for (int d = 0; d < points.dim(); ++d)
      position[t] = position[t] * points.distinct(d) + points.dense(d)[t];
    int& at = task_at[static_cast<std::size_t>(position[t])];
    if (at >= 0) return {};
    at = t;
  }
  return position;
}

// True when swapping axes a and b (of equal extent) of the box maps every message onto a message of the same
// bytes. Rows are sorted by destination and hold no duplicates (TaskGraph's invariant, checked here as the
// search goes), so equal row lengths and every image found make the swap a bijection of a row's messages onto
// its image's.
bool swap_is_automorphism(const TaskGraph& graph, const MjPoints& points,
                          const std::vector<std::int64_t>& position, const std::vector<int>& task_at, int a,
                          int b, int threads) {
  const int n = points.size();
  std::vector<std::int64_t> stride(points.dim(), 1);
  for (int d = points.dim() - 2; d >= 0; --d) stride[d] = stride[d + 1] * points.distinct(d + 1);
  const std::vector<int>& ra = points.dense(a);
  const std::vector<int>& rb = points.dense(b);
  const Runs runs = runs_of(n, threads);
  std::vector<int> image(n);
  parallel_for(static_cast<std::size_t>(runs.count), threads, [&](std::size_t r) {
    for (std::int64_t t = runs.begin(static_cast<int>(r)); t < runs.begin(static_cast<int>(r) + 1); ++t) {
      const std::int64_t delta = static_cast<std::int64_t>(rb[t]) - ra[t];
      image[t] = task_at[static_cast<std::size_t>(position[t] + delta * (stride[a] - stride[b]))];
    }
  });
  const auto& offsets = graph.offsets();
  const auto& targets = graph.targets();
  const auto& bytes = graph.bytes();
  std::atomic<bool> holds{true};
  parallel_for(static_cast<std::size_t>(runs.count), threads, [&](std::size_t r) {
    const int first = static_cast<int>(runs.begin(static_cast<int>(r)));
    const int last = static_cast<int>(runs.begin(static_cast<int>(r) + 1));
    for (int u = first; u < last && holds.load(std::memory_order_relaxed); ++u) {
      // The swap is its own inverse: row(pi(u)) = pi(row(u)) gives, by pi, row(u) = pi(row(pi(u))), so one of
      // each pair of rows is checked.
      const int pu = image[u];
      if (pu < u) continue;
      const auto row = targets.begin() + offsets[pu], row_end = targets.begin() + offsets[pu + 1];
      bool ok = offsets[u + 1] - offsets[u] == row_end - row;
      for (std::int64_t e = offsets[u]; ok && e < offsets[u + 1]; ++e) {
        ok = e == offsets[u] || targets[e - 1] < targets[e];
        const int pv = image[targets[e]];
        const auto found =
            row_end - row <= 16 ? std::find(row, row_end, pv) : std::lower_bound(row, row_end, pv);
        ok = ok && found != row_end && *found == pv &&
             bytes[static_cast<std::size_t>(found - targets.begin())] == bytes[static_cast<std::size_t>(e)];
      }
      if (!ok) holds.store(false, std::memory_order_relaxed);
    }
  });
  return holds.load();
}

int class_root(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

}  // namespace

std::vector<int> equivalent_task_orderings(const TaskGraph& graph, const MjPoints& points,
                                           const std::vector<std::vector<int>>& orders, int threads) {
  std::vector<int> same_as(orders.size());
  std::iota(same_as.begin(), same_as.end(), 0);
  const int dims = points.dim();
  if (orders.size() < 2 || points.size() != graph.num_tasks()) return same_as;
  for (const std::vector<int>& order : orders)
    if (static_cast<int>(order.size()) != dims) return same_as;  // the keys must hold every axis
  std::vector<int> task_at;
  const std::vector<std::int64_t> position = box_positions(points, task_at);
  if (position.empty()) return same_as;
  // Swaps of equal extents, skipping those already implied: transpositions joining axes into one class
  // generate every permutation of the class.
  std::vector<int> axis_class(dims);
  std::iota(axis_class.begin(), axis_class.end(), 0);
  std::vector<std::pair<int, int>> swaps;
  for (int a = 0; a < dims; ++a)
    for (int b = a + 1; b < dims; ++b) {
      if (points.distinct(a) != points.distinct(b) || class_root(axis_class, a) == class_root(axis_class, b))
        continue;
      if (!swap_is_automorphism(graph, points, position, task_at, a, b, threads)) continue;
      axis_class[class_root(axis_class, b)] = class_root(axis_class, a);
      swaps.emplace_back(a, b);
    }
  // Orderings joined by a swap of axis labels are one class; the first of a class stands for it.
  std::vector<int> parent(orders.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (std::size_t i = 0; i < orders.size(); ++i)
    for (const auto& [a, b] : swaps) {
      std::vector<int> swapped = orders[i];
      for (int& axis : swapped) axis = axis == a ? b : axis == b ? a : axis;
      const auto j = std::find(orders.begin(), orders.end(), swapped) - orders.begin();
      if (j == static_cast<std::ptrdiff_t>(orders.size())) continue;
      const int ri = class_root(parent, static_cast<int>(i)), rj = class_root(parent, static_cast<int>(j));
      parent[std::max(ri, rj)] = std::min(ri, rj);
    }
  for (std::size_t i = 0; i < orders.size(); ++i) same_as[i] = class_root(parent, static_cast<int>(i));
  return same_as;
}

}  // namespace tamp::impl
