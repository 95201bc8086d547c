// MJ as recursive coordinate bisection with exact part counts ([Deveci14] §IV-A/B).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <tuple>

#include "algorithms/geometric/mj_partition.hpp"

namespace tamp::impl {
namespace {

PointSet grid_points(int nx, int ny) {  // x fastest, like task ids of a grid
  PointSet p{2, {}};
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) p.coords.push_back(x), p.coords.push_back(y);
  return p;
}

// Part of every point.
std::vector<int> part_of(const MjParts& parts, int n) {
  std::vector<int> part(n, -1);
  for (size_t k = 0; k + 1 < parts.part_start.size(); ++k)
    for (int j = parts.part_start[k]; j < parts.part_start[k + 1]; ++j)
      part[parts.order[j]] = static_cast<int>(k);
  return part;
}

TEST(GeometricMj, RanksFollowCoordinatesThenOtherAxesThenIndex) {
  PointSet p{2, {1, 5, 0, 7, 1, 2, 0, 7}};  // points (1,5) (0,7) (1,2) (0,7)
  MjPoints mj(p);
  // Order by x, then y, then index: (0,7)#1, (0,7)#3, (1,2)#2, (1,5)#0.
  EXPECT_EQ(mj.ranks({0, 1}), (std::vector<int>{3, 0, 2, 1}));
  // Order by y, then x, then index: (1,2)#2, (1,5)#0, (0,7)#1, (0,7)#3.
  EXPECT_EQ(mj.ranks({1, 0}), (std::vector<int>{1, 2, 0, 3}));
  EXPECT_EQ(mj.distinct(0), 2);
  EXPECT_EQ(mj.distinct(1), 3);
}

TEST(GeometricMj, NonIntegerCoordinatesAreRankedToo) {
  PointSet p{1, {0.5, -3.25, 1e9, 0.5}};
  MjPoints mj(p);
  EXPECT_EQ(mj.ranks({0}), (std::vector<int>{1, 0, 3, 2}));
  EXPECT_EQ(mj.distinct(0), 3);
}

// A 4x4 grid into 16 parts, cutting x, y, x, y: part bits are (x >= 2, y >= 2, x odd, y odd) from the top
// level down.
TEST(GeometricMj, FourByFourGridIsRecursiveBisection) {
  MjPoints mj(grid_points(4, 4));
  const MjParts parts = mj_partition({&mj.ranks({0, 1}), &mj.ranks({1, 0})}, 16);
  ASSERT_EQ(parts.part_start.size(), 17u);
  for (int k = 0; k < 16; ++k) {
    ASSERT_EQ(parts.part_start[k + 1] - parts.part_start[k], 1);
    const int point = parts.order[k];
    const int x = point % 4, y = point / 4;
    const int expected = (x / 2) * 8 + (y / 2) * 4 + (x % 2) * 2 + (y % 2);
    EXPECT_EQ(k, expected) << "point (" << x << "," << y << ")";
  }
}

// Parts and points split floor/ceil: 10 points into 3 parts -> 1 | 2 parts, 3 | 7 points -> sizes 3, 3, 4.
TEST(GeometricMj, ExactPartCountsForAnyNumberOfParts) {
  MjPoints line(PointSet{1, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}});
  const MjParts parts = mj_partition({&line.ranks({0})}, 3);
  EXPECT_EQ(parts.part_start, (std::vector<int>{0, 3, 6, 10}));
  EXPECT_EQ(part_of(parts, 10), (std::vector<int>{2, 2, 2, 2, 1, 1, 1, 0, 0, 0}));
  for (int n : {1, 7, 100, 257}) {
    MjPoints mj(grid_points(n, 3));
    for (int p : {1, 2, 3, 5, 7, 3 * n}) {
      if (p > 3 * n) continue;
      const MjParts r = mj_partition({&mj.ranks({0, 1}), &mj.ranks({1, 0})}, p);
      for (int k = 0; k < p; ++k) {
        const int size = r.part_start[k + 1] - r.part_start[k];
        EXPECT_TRUE(size == 3 * n / p || size == (3 * n + p - 1) / p) << n << " points x3, " << p << " parts";
      }
      std::vector<int> sorted = r.order;
      std::sort(sorted.begin(), sorted.end());
      for (int i = 0; i < 3 * n; ++i) ASSERT_EQ(sorted[i], i);
    }
  }
}

// Points tied on the cut axis go by the other coordinates, then by index.
TEST(GeometricMj, TiesOnTheCutGoByOtherCoordinatesThenIndex) {
  PointSet p{2, {0, 1, 0, 0, 0, 1, 0, 0}};  // four points on x = 0: y = 1, 0, 1, 0
  MjPoints mj(p);
  const MjParts parts = mj_partition({&mj.ranks({0, 1})}, 2);
  std::vector<int> low(parts.order.begin(), parts.order.begin() + 2);
  std::sort(low.begin(), low.end());
  EXPECT_EQ(low, (std::vector<int>{1, 3}));
  MjPoints same(PointSet{2, {4, 4, 4, 4, 4, 4}});  // identical points: by index
  EXPECT_EQ(part_of(mj_partition({&same.ranks({0, 1})}, 3), 3), (std::vector<int>{0, 1, 2}));
}

// The definition, run on large ranges (where ranges of 1,024 points and more are cut by buckets, moving
// between two arrays): each range's low points are the smallest by the level's key, found here by a full
// sort.
void reference_mj(const std::vector<const std::vector<int>*>& keys, std::vector<int>& ids, long first, long n,
                  long parts, int level, std::vector<int>& part, int& next_part) {
  if (parts == 1) {
    for (long i = first; i < first + n; ++i) part[ids[i]] = next_part;
    ++next_part;
    return;
  }
  const std::vector<int>& key = *keys[level % keys.size()];
  std::sort(ids.begin() + first, ids.begin() + first + n, [&](int a, int b) { return key[a] < key[b]; });
  const long parts_low = parts / 2, n_low = n * parts_low / parts;
  reference_mj(keys, ids, first, n_low, parts_low, level + 1, part, next_part);
  reference_mj(keys, ids, first + n_low, n - n_low, parts - parts_low, level + 1, part, next_part);
}

TEST(GeometricMj, LargeRangesGiveTheDefinitionsParts) {
  std::mt19937 rng(11);
  for (const auto& [n, dims, spread] :
       {std::tuple{5000, 3, 40}, std::tuple{20000, 3, 1000}, std::tuple{4096, 2, 3}, std::tuple{70000, 3, 30},
        std::tuple{3000, 1, 100000}}) {
    PointSet points{dims, {}};
    for (int i = 0; i < n * dims; ++i) points.coords.push_back(static_cast<double>(rng() % spread));
    MjPoints mj(points);
    std::vector<std::vector<int>> orders = {{0}, {1, 0}, {2, 0, 1}};
    std::vector<const std::vector<int>*> keys;
    for (int d = 0; d < dims; ++d) {
      std::vector<int> order;
      for (int k = 0; k < dims; ++k) order.push_back((d + k) % dims);
      keys.push_back(&mj.ranks(order));
    }
    for (long parts : {1L, 2L, 3L, 1000L, static_cast<long>(n) / 3, static_cast<long>(n)}) {
      std::vector<int> ids(n), expected(n);
      std::iota(ids.begin(), ids.end(), 0);
      int next_part = 0;
      reference_mj(keys, ids, 0, n, parts, 0, expected, next_part);
      const MjParts got = mj_partition(keys, static_cast<int>(parts));
      ASSERT_EQ(got.part_start.size(), static_cast<std::size_t>(parts) + 1);
      EXPECT_EQ(part_of(got, n), expected) << n << " points in " << dims << "D, " << parts << " parts";
    }
  }
}

TEST(GeometricMj, RejectsMorePartsThanPoints) {
  MjPoints mj(grid_points(2, 1));
  EXPECT_THROW(mj_partition({&mj.ranks({0, 1})}, 3), std::invalid_argument);
  EXPECT_THROW(mj_partition({&mj.ranks({0, 1})}, 0), std::invalid_argument);
  EXPECT_THROW(mj_partition_weighted({&mj.ranks({0, 1})}, {1, 1}, {0, 1}, 3), std::invalid_argument);
}

// A point of weight w behaves as w tied units: the weighted partition equals the partition of the units.
TEST(GeometricMj, WeightedEqualsUnitsExpanded) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 5 + trial * 3;
    PointSet points{3, {}};
    std::vector<int> weight(n), first_unit(n);
    PointSet units{3, {}};
    int total = 0;
    for (int i = 0; i < n; ++i) {
      const double c[3] = {double(rng() % 6), double(rng() % 4), double(rng() % 3)};
      for (double v : c) points.coords.push_back(v);
      weight[i] = static_cast<int>(rng() % 5);  // zero weights too
      first_unit[i] = total;
      for (int u = 0; u < weight[i]; ++u)
        for (double v : c) units.coords.push_back(v);
      total += weight[i];
    }
    if (total == 0) continue;
    MjPoints pm(points), um(units);
    const std::vector<std::vector<int>> orders = {{0, 1, 2}, {2, 0, 1}, {1, 2, 0}};
    std::vector<const std::vector<int>*> pk, uk;
    for (const auto& o : orders) pk.push_back(&pm.ranks(o)), uk.push_back(&um.ranks(o));
    for (int parts : {1, 2, total / 2 + 1, total}) {
      if (parts < 1) continue;
      const MjParts w = mj_partition_weighted(pk, weight, first_unit, parts);
      const MjParts u = mj_partition(uk, parts);
      EXPECT_EQ(w.part_start, u.part_start);
      EXPECT_EQ(part_of(w, total), part_of(u, total)) << "trial " << trial << ", " << parts << " parts";
    }
  }
}

}  // namespace
}  // namespace tamp::impl
