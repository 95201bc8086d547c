// The closest subset of cores when there are fewer tasks than cores ([Deveci14] §IV-B case 3). The paper
// names a "modified K-means" without details; this follows its implementation (Zoltan2's KMeansAlgorithm):
// 2^dim + 1 clusters seeded at the bounding-box corners and centre, each keeping exactly `wanted` nearest
// units, <= 10 rounds. Works on points with a unit count (nodes and their cores), so a million cores cost as
// much as their nodes.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "algorithms/geometric/geometric.hpp"
#include "parallel.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {
namespace {

constexpr int kMaxRounds = 10;  // Zoltan2's cap; clusters rarely move after a few rounds
constexpr int kMaxSeedDims = 16;

struct Cluster {
  std::vector<double> centre;
  std::vector<int> taken;  // units taken from each point
  double total = 0;        // sum over taken units of the distance to the centre
};

double squared_distance(const PointSet& points, int i, const std::vector<double>& centre) {
  const double* p = &points.coords[static_cast<size_t>(i) * points.dim];
  double s = 0;
  for (int d = 0; d < points.dim; ++d) s += (p[d] - centre[d]) * (p[d] - centre[d]);
  return s;
}

// Takes the `wanted` units nearest the centre, then moves the centre to their mean; true when it moved.
bool assign_and_move(const PointSet& points, const std::vector<int>& weight, long wanted, Cluster& cluster) {
  const int n = points.size();
  // (squared distance, point): the order of distances, ties by point; contiguous for the selections.
  std::vector<std::pair<double, int>> by_distance(n);
  for (int i = 0; i < n; ++i) by_distance[i] = {squared_distance(points, i, cluster.centre), i};
  // Weighted selection of the nearest `wanted` units: narrow [lo, hi) to the point holding the last one.
  size_t lo = 0, hi = by_distance.size();
  long before = 0;  // units of by_distance[0, lo), all nearer than the rest
  while (hi - lo > 1) {
    const size_t mid = lo + (hi - lo) / 2;
    std::nth_element(by_distance.begin() + lo, by_distance.begin() + mid, by_distance.begin() + hi);
    long w = before;
    for (size_t k = lo; k < mid; ++k) w += weight[by_distance[k].second];
    if (w >= wanted)
      hi = mid;
    else
      lo = mid, before = w;
  }
  cluster.taken.assign(n, 0);
  cluster.total = 0;
  std::vector<double> sum(points.dim, 0.0);
  long left = wanted;
  for (size_t k = 0; k <= lo && left > 0; ++k) {
    const auto [dist2, i] = by_distance[k];
    const long take = std::min<long>(left, weight[i]);
    cluster.taken[i] = static_cast<int>(take);
    cluster.total += static_cast<double>(take) * std::sqrt(dist2);
    for (int d = 0; d < points.dim; ++d) sum[d] += static_cast<double>(take) * points.at(i, d);
    left -= take;
  }
  bool moved = false;
  for (int d = 0; d < points.dim; ++d) {
    const double c = sum[d] / static_cast<double>(wanted);
    moved = moved || std::abs(c - cluster.centre[d]) > std::numeric_limits<double>::epsilon();
    cluster.centre[d] = c;
  }
  return moved;
}

}  // namespace

std::vector<int> closest_subset(const PointSet& points, const std::vector<int>& weight, long wanted,
                                int threads) {
  const int n = points.size();
  require(static_cast<int>(weight.size()) == n, "closest_subset: one weight per point");
  require(points.dim <= kMaxSeedDims, "closest_subset: at most 16 coordinate dimensions");
  const long total = std::accumulate(weight.begin(), weight.end(), 0L);
  require(wanted >= 0 && wanted <= total, "closest_subset: cannot choose more units than there are");
  if (wanted == total || wanted == 0) return wanted == 0 ? std::vector<int>(n, 0) : weight;

  std::vector<double> lo(points.dim), hi(points.dim);
  for (int d = 0; d < points.dim; ++d) {
    lo[d] = hi[d] = points.at(0, d);
    for (int i = 1; i < n; ++i)
      lo[d] = std::min(lo[d], points.at(i, d)), hi[d] = std::max(hi[d], points.at(i, d));
  }
  // Corner c has, in dimension d, the maximum when bit d of c is clear (Zoltan2's seeding), then the centre.
  const int corners = 1 << points.dim;
  std::vector<Cluster> clusters(corners + 1);
  for (int c = 0; c <= corners; ++c) {
    clusters[c].centre.resize(points.dim);
    for (int d = 0; d < points.dim; ++d)
      clusters[c].centre[d] = c == corners ? (lo[d] + hi[d]) / 2 : ((c >> d) & 1) ? lo[d] : hi[d];
  }
  parallel_for(clusters.size(), threads, [&](std::size_t c) {  // each cluster on its own: any thread order
    for (int round = 0; round < kMaxRounds; ++round)
      if (!assign_and_move(points, weight, wanted, clusters[c])) break;
  });
  // The units of the last assignment (taken before the final move) are the cluster; its total is theirs.
  size_t best = 0;
  for (size_t c = 1; c < clusters.size(); ++c)
    if (clusters[c].total < clusters[best].total) best = c;
  return clusters[best].taken;
}

}  // namespace tamp::impl
