// `hilbert`: the space-filling-curve mapping ([Bhatele10] §9.2, Heuristic 3; ch. 12 linearises objects and
// processors with a Hilbert curve). The task grid and the box of nodes are each ordered along a Hilbert
// curve, and the i-th task goes to the i-th allocated node (holes of a sparse allocation are skipped).
//
// The sides are rarely powers of two, so the curve is the generalised Hilbert ("gilbert") curve of J.
// Cervený, written here from its description: a box is walked from one corner to the next corner along its
// major axis a. A box much longer along a than across is cut in two along a (each half walked the same way).
// Otherwise it is cut in three (2D): the lower half of b walked up and back down the first half of a ("up"),
// then the upper half of b along the whole of a ("right"), then the lower half of b in the rest of a back
// down ("down"); in 3D the same template splits b and c, or when the box is flat, only the long two. Halves
// are rounded to even sizes where possible, which keeps every step between neighbours when the sides are
// even. Equal power-of-two sides give the classic Hilbert curve.
#include <array>
#include <cstdlib>
#include <stdexcept>

#include "algorithms/regular/regular.hpp"

namespace tamp::impl {
namespace {

using Vec = std::array<int, 3>;

Vec operator+(const Vec& a, const Vec& b) {
  return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}
Vec operator-(const Vec& a, const Vec& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec operator-(const Vec& a) {
  return {-a[0], -a[1], -a[2]};
}
int sign(int v) {
  return (v > 0) - (v < 0);
}
Vec unit(const Vec& a) {
  return {sign(a[0]), sign(a[1]), sign(a[2])};
}
Vec half(const Vec& a) {
  return {a[0] / 2, a[1] / 2, a[2] / 2};
}
// The extent of an axis vector (only one component is non-zero).
int length(const Vec& a) {
  return std::abs(a[0] + a[1] + a[2]);
}

// Rounds the half of an axis of `full` cells up to an even size when it is odd (and the axis longer than 2).
void make_even(Vec& half_axis, const Vec& axis) {
  if (length(half_axis) % 2 == 1 && length(axis) > 2) half_axis = half_axis + unit(axis);
}

class Curve {
 public:
  explicit Curve(Vec stride) : stride_(stride) {}
  std::vector<int> cells;

  // Walks the box spanned by a, b, c from p (c = 0 in 2D) to p + a - unit(a).
  void walk(Vec p, Vec a, Vec b, Vec c) {
    const int w = length(a), h = length(b), d = length(c);
    if (w == 0 || h == 0 || d == 0) return;
    if (h == 1 && d == 1) return line(p, unit(a), w);
    if (w == 1 && d == 1) return line(p, unit(b), h);
    if (w == 1 && h == 1) return line(p, unit(c), d);
    const Vec da = unit(a), db = unit(b), dc = unit(c);
    Vec a2 = half(a), b2 = half(b), c2 = half(c);
    if (d == 1) {  // 2D: cut along a when long, else in three
      if (2 * w > 3 * h) {
        make_even(a2, a);
        walk(p, a2, b, c);
        return walk(p + a2, a - a2, b, c);
      }
      make_even(b2, b);
      walk(p, b2, a2, c);
      walk(p + b2, a, b - b2, c);
      return walk(p + (a - da) + (b2 - db), -b2, -(a - a2), c);
    }
    make_even(a2, a);
    make_even(b2, b);
    make_even(c2, c);
    if (2 * w > 3 * h && 2 * w > 3 * d) {  // long along a: two halves
      walk(p, a2, b, c);
      return walk(p + a2, a - a2, b, c);
    }
    if (3 * h > 4 * d) {  // flat across c: the 2D template in a-b, c carried along
      walk(p, b2, c, a2);
      walk(p + b2, a, b - b2, c);
      return walk(p + (a - da) + (b2 - db), -b2, c, -(a - a2));
    }
    if (3 * d > 4 * h) {  // flat across b: the 2D template in a-c
      walk(p, c2, a2, b);
      walk(p + c2, a, b, c - c2);
      return walk(p + (a - da) + (c2 - dc), -c2, -(a - a2), b);
    }
    // The 3D template: five boxes, through the lower b half, the upper b half, back across the top, ...
    walk(p, b2, c2, a2);
    walk(p + b2, c, a2, b - b2);
    walk(p + (b2 - db) + (c - dc), a, -b2, -(c - c2));
    walk(p + (a - da) + b2 + (c - dc), -c, -(a - a2), b - b2);
    walk(p + (a - da) + (b2 - db), -b2, c2, -(a - a2));
  }

 private:
  void line(Vec p, const Vec& step, int n) {
    for (int i = 0; i < n; ++i, p = p + step)
      cells.push_back(p[0] * stride_[0] + p[1] * stride_[1] + p[2] * stride_[2]);
  }
  Vec stride_;
};

// The curve over up to three extents, as offsets with the given strides; the major axis is the longest.
std::vector<int> curve(const std::vector<int>& extents, const std::vector<int>& strides) {
  Vec e{1, 1, 1}, s{0, 0, 0};
  for (size_t k = 0; k < extents.size(); ++k) e[k] = extents[k], s[k] = strides[k];
  Curve walker(s);
  walker.cells.reserve(static_cast<size_t>(e[0]) * e[1] * e[2]);
  const Vec x{e[0], 0, 0}, y{0, e[1], 0}, z{0, 0, e[2]};
  if (e[0] >= e[1] && e[0] >= e[2])
    walker.walk({0, 0, 0}, x, y, z);
  else if (e[1] >= e[2])
    walker.walk({0, 0, 0}, y, x, z);
  else
    walker.walk({0, 0, 0}, z, x, y);
  return walker.cells;
}

}  // namespace

std::vector<int> hilbert_order(const std::vector<int>& dims) {
  std::vector<int> extents, strides, rest_extents, rest_strides;
  int stride = 1;
  for (int n : dims) {
    if (n > 1) (extents.size() < 3 ? extents : rest_extents).push_back(n);
    if (n > 1) (strides.size() < 3 ? strides : rest_strides).push_back(stride);
    stride *= n;
  }
  std::vector<int> order = curve(extents, strides);
  if (rest_extents.empty()) return order;
  // Dimensions beyond three: all their cells inside each cell of the curve, back and forth.
  std::vector<int> rest{0};
  for (size_t k = 0; k < rest_extents.size(); ++k) {
    std::vector<int> grown;
    for (int i = 0; i < rest_extents[k]; ++i)
      for (int r : rest) grown.push_back(r + i * rest_strides[k]);
    rest.swap(grown);
  }
  std::vector<int> full;
  full.reserve(order.size() * rest.size());
  for (size_t i = 0; i < order.size(); ++i)
    for (size_t j = 0; j < rest.size(); ++j) full.push_back(order[i] + rest[i % 2 ? rest.size() - 1 - j : j]);
  return full;
}

std::vector<int> hilbert_cells(const RegularView& view) {
  const std::vector<int> objects = hilbert_order(view.grid);
  std::vector<int> cell_of(objects.size(), -1);
  size_t next = 0;
  for (int cell : hilbert_order(view.box)) {
    if (next == objects.size()) break;
    if (view.available[cell]) cell_of[objects[next++]] = cell;
  }
  if (next < objects.size()) throw std::invalid_argument("hilbert: more task groups than nodes");
  return cell_of;
}

Mapping hilbert_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_regular(groups, nodes, options, hilbert_cells, "hilbert");
}

}  // namespace tamp::impl
