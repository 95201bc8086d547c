// Recursive coordinate bisection with exact part sizes: O(n log parts) with nth_element.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "tamp/generators.hpp"

namespace tamp {
namespace {

struct Rcb {
  const std::vector<double>& points;
  int dim;
  int parts;
  long long n;
  std::vector<int>& part;

  long long part_size(int k) const { return n / parts + (k < n % parts ? 1 : 0); }

  void split(std::vector<int>::iterator begin, std::vector<int>::iterator end, int lo, int hi) {
    if (hi - lo == 1) {
      for (auto it = begin; it != end; ++it) part[*it] = lo;
      return;
    }
    const int mid = lo + (hi - lo) / 2;
    long long left = 0;
    for (int k = lo; k < mid; ++k) left += part_size(k);
    // Longest extent of the bounding box (lowest dimension on ties).
    int axis = 0;
    double longest = -1;
    for (int d = 0; d < dim; ++d) {
      double a = points[static_cast<std::size_t>(*begin) * dim + d], b = a;
      for (auto it = begin; it != end; ++it) {
        const double x = points[static_cast<std::size_t>(*it) * dim + d];
        a = std::min(a, x);
        b = std::max(b, x);
      }
      if (b - a > longest) longest = b - a, axis = d;
    }
    // Ties broken by cell id, so the cut does not depend on the order nth_element leaves.
    const auto cut = begin + left;
    std::nth_element(begin, cut, end, [&](int u, int v) {
      const double pu = points[static_cast<std::size_t>(u) * dim + axis];
      const double pv = points[static_cast<std::size_t>(v) * dim + axis];
      return pu < pv || (pu == pv && u < v);
    });
    split(begin, cut, lo, mid);
    split(cut, end, mid, hi);
  }
};

}  // namespace

std::vector<int> rcb_partition(const std::vector<double>& points, int dim, int parts) {
  if (dim < 1 || points.size() % dim != 0)
    throw std::invalid_argument("rcb_partition: " + std::to_string(points.size()) +
                                " numbers are not points of " + std::to_string(dim) + " dimensions");
  const long long n = static_cast<long long>(points.size()) / dim;
  if (parts < 1 || parts > n)
    throw std::invalid_argument("rcb_partition: cannot cut " + std::to_string(n) + " points into " +
                                std::to_string(parts) + " non-empty parts");
  std::vector<int> order(static_cast<std::size_t>(n));
  for (long long i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = static_cast<int>(i);
  std::vector<int> part(static_cast<std::size_t>(n), 0);
  Rcb rcb{points, dim, parts, n, part};
  rcb.split(order.begin(), order.end(), 0, parts);
  return part;
}

}  // namespace tamp
