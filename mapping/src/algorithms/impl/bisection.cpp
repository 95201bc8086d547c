#include "algorithms/impl/bisection.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "tamp/error.hpp"

namespace tamp::impl {
namespace {

using IndexIter = std::vector<int>::iterator;

int widest_dimension(const PointSet& points, IndexIter first, IndexIter last) {
  int best = 0;
  double best_extent = -1;
  for (int d = 0; d < points.dim; ++d) {
    double lo = points.at(*first, d), hi = lo;
    for (IndexIter it = first; it != last; ++it) {
      lo = std::min(lo, points.at(*it, d));
      hi = std::max(hi, points.at(*it, d));
    }
    if (hi - lo > best_extent) best_extent = hi - lo, best = d;
  }
  return best;
}

// Orders [first, last) by coordinate `d`, then the following dimensions cyclically, then index; puts the
// `count` smallest first.
void partition_smallest(const PointSet& points, IndexIter first, IndexIter last, long count, int d) {
  auto less = [&](int a, int b) {
    for (int k = 0; k < points.dim; ++k) {
      const int dd = (d + k) % points.dim;
      const double ca = points.at(a, dd), cb = points.at(b, dd);
      if (ca != cb) return ca < cb;
    }
    return a < b;
  };
  if (count > 0 && count < last - first) std::nth_element(first, first + count, last, less);
}

struct Matcher {
  const PointSet& items;
  const PointSet& bins;
  const std::vector<int>& capacity;
  std::vector<int>& result;

  void run(IndexIter items_first, IndexIter items_last, IndexIter bins_first, IndexIter bins_last) {
    const long n_items = items_last - items_first;
    const long n_bins = bins_last - bins_first;
    if (n_items == 0) return;
    if (n_bins == 1) {
      for (IndexIter it = items_first; it != items_last; ++it) result[*it] = *bins_first;
      return;
    }
    const long bins_low = n_bins / 2;
    partition_smallest(bins, bins_first, bins_last, bins_low, widest_dimension(bins, bins_first, bins_last));
    long cap_low = 0, cap_high = 0;
    for (IndexIter it = bins_first; it != bins_first + bins_low; ++it) cap_low += capacity[*it];
    for (IndexIter it = bins_first + bins_low; it != bins_last; ++it) cap_high += capacity[*it];
    long items_low =
        std::lround(static_cast<double>(n_items) * cap_low / static_cast<double>(cap_low + cap_high));
    items_low = std::clamp(items_low, std::max(0L, n_items - cap_high), std::min(cap_low, n_items));
    partition_smallest(items, items_first, items_last, items_low,
                       widest_dimension(items, items_first, items_last));
    run(items_first, items_first + items_low, bins_first, bins_first + bins_low);
    run(items_first + items_low, items_last, bins_first + bins_low, bins_last);
  }
};

}  // namespace

std::vector<int> bisection_match(const PointSet& items, const PointSet& bins,
                                 const std::vector<int>& capacity) {
  require(static_cast<int>(capacity.size()) == bins.size(), "bisection_match: one capacity per bin");
  const long total = std::accumulate(capacity.begin(), capacity.end(), 0L);
  require(total >= items.size(), "bisection_match: more items than the bins can hold");
  std::vector<int> item_ids(items.size()), bin_ids(bins.size()), result(items.size(), -1);
  std::iota(item_ids.begin(), item_ids.end(), 0);
  std::iota(bin_ids.begin(), bin_ids.end(), 0);
  if (items.size() == 0) return result;
  Matcher{items, bins, capacity, result}.run(item_ids.begin(), item_ids.end(), bin_ids.begin(),
                                             bin_ids.end());
  return result;
}

}  // namespace tamp::impl
