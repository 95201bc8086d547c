#include "algorithms/geometric/mj_partition.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "parallel.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {
namespace {

// Dense ranks of one axis's values (equal values, equal ranks). Integer coordinates in a modest range (grid
// and router coordinates: the large cases) take a counting pass; anything else a sort.
std::vector<int> compress_axis(const PointSet& points, int axis, int& distinct) {
  const int n = points.size();
  std::vector<int> dense(n);
  double lo = points.at(0, axis), hi = lo;
  bool integral = true;
  for (int i = 0; i < n; ++i) {
    const double v = points.at(i, axis);
    lo = std::min(lo, v), hi = std::max(hi, v);
    integral = integral && v == std::floor(v);
  }
  if (integral && hi - lo <= 4.0 * n + 64) {
    std::vector<int> rank_of_value(static_cast<size_t>(hi - lo) + 1, 0);
    for (int i = 0; i < n; ++i) rank_of_value[static_cast<size_t>(points.at(i, axis) - lo)] = 1;
    distinct = 0;
    for (int& r : rank_of_value) r = r ? distinct++ : -1;
    for (int i = 0; i < n; ++i) dense[i] = rank_of_value[static_cast<size_t>(points.at(i, axis) - lo)];
    return dense;
  }
  std::vector<int> by_value(n);
  std::iota(by_value.begin(), by_value.end(), 0);
  std::sort(by_value.begin(), by_value.end(),
            [&](int a, int b) { return points.at(a, axis) < points.at(b, axis); });
  distinct = 0;
  for (int k = 0; k < n; ++k) {
    if (k > 0 && points.at(by_value[k], axis) != points.at(by_value[k - 1], axis)) ++distinct;
    dense[by_value[k]] = distinct;
  }
  ++distinct;
  return dense;
}

// A point as MJ moves it: its rank under each level's order, and its id. Records are small and contiguous, so
// the selections of a level stream through memory instead of chasing ids into rank arrays.
template <int M>
struct Record {
  std::uint32_t key[M];
  std::int32_t id;
};

// One partition of a quickselect on key k of records R (Record, Piece): the median of three goes to the end
// as the pivot, the smaller records before it (branch-free Lomuto), each passed to `smaller`; returns where
// the pivot lands.
template <class R, class Smaller>
R* partition_at_median(R* first, R* last, int k, Smaller&& smaller) {
  auto less = [k](const R& a, const R& b) { return a.key[k] < b.key[k]; };
  R* mid = first + (last - first) / 2;
  if (less(*mid, *first)) std::swap(*mid, *first);
  if (less(*(last - 1), *first)) std::swap(*(last - 1), *first);
  if (less(*mid, *(last - 1))) std::swap(*mid, *(last - 1));
  const std::uint32_t pivot = (last - 1)->key[k];
  R* store = first;
  for (R* it = first; it != last - 1; ++it) {
    const R v = *it;
    *it = *store;
    *store = v;
    const bool below = v.key[k] < pivot;
    store += below;
    smaller(v, below);
  }
  std::swap(*store, *(last - 1));
  return store;
}

// Puts the record of rank `nth` by key k at `nth`, smaller ones before it, larger after (keys are distinct).
// A quickselect with a branch-free Lomuto partition: the comparisons of a level are coin flips, so
// std::nth_element's branches mispredict on every other record. Falls back to std::nth_element if the pivots
// go wrong too often, and ends with an insertion sort.
template <int M>
void select(Record<M>* first, Record<M>* nth, Record<M>* last, int k) {
  auto less = [k](const Record<M>& a, const Record<M>& b) { return a.key[k] < b.key[k]; };
  for (int budget = 64; last - first > 24; --budget) {
    if (budget == 0) return std::nth_element(first, nth, last, less);
    Record<M>* store = partition_at_median(first, last, k, [](const Record<M>&, bool) {});
    if (store == nth) return;
    if (nth < store)
      last = store;
    else
      first = store + 1;
  }
  // A few records left: sorting them is a selection too, and cheaper than a call to std::nth_element.
  for (Record<M>* it = first + 1; it < last; ++it) {
    const Record<M> v = *it;
    Record<M>* hole = it;
    for (; hole > first && v.key[k] < (hole - 1)->key[k]; --hole) *hole = *(hole - 1);
    *hole = v;
  }
}

// Ranges of more records than this are cut by buckets (select_by_buckets), smaller ones by select: a level's
// large ranges stream through memory, where quickselect's ~3.4 passes of swaps cost most.
constexpr std::ptrdiff_t kBucketSelectMin = 1 << 10;
constexpr int kMaxBuckets = 2048;  // about 16 records a bucket below that

// Bounds (inclusive) of one key over a range of records: not always the tightest, never too narrow.
struct KeySpan {
  std::uint32_t lo = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t hi = 0;
  void add(std::uint32_t v) { lo = std::min(lo, v), hi = std::max(hi, v); }
  KeySpan operator|(const KeySpan& o) const { return {std::min(lo, o.lo), std::max(hi, o.hi)}; }
};

// The postcondition of select, on the records of [first, last) moved to `to` (as long): one pass counts the
// records per bucket of keys (key k lies in `span`), one moves them into those of buckets below, in and above
// the bucket holding rank `nth`, noting the span of key `next` on each side; select then finishes inside that
// bucket. The caller goes on in `to`, and the next level needs no pass to find its key's span.
template <int M>
void select_by_buckets(const Record<M>* first, const Record<M>* last, std::ptrdiff_t nth, int k, KeySpan span,
                       Record<M>* to, int next, KeySpan& low_span, KeySpan& high_span) {
  std::uint32_t buckets = kMaxBuckets;
  while (buckets > 64 && buckets * 16 > last - first) buckets /= 2;
  int shift = 0;
  while (((span.hi - span.lo) >> shift) >= buckets) ++shift;
  std::ptrdiff_t count[kMaxBuckets];
  std::fill(count, count + buckets, 0);
  for (const Record<M>* r = first; r != last; ++r) ++count[(r->key[k] - span.lo) >> shift];
  std::ptrdiff_t before = 0;
  std::uint32_t b = 0;
  while (before + count[b] <= nth) before += count[b++];
  std::ptrdiff_t cursor[3] = {0, before, before + count[b]};  // below, in, above bucket b
  KeySpan side[3];
  for (const Record<M>* r = first; r != last; ++r) {
    const std::uint32_t bucket = (r->key[k] - span.lo) >> shift;
    const int at = (bucket >= b) + (bucket > b);
    side[at].add(r->key[next]);
    to[cursor[at]++] = *r;
  }
  select(to + before, to + nth, to + before + count[b], k);
  low_span = side[0] | side[1];  // bucket b's records fall on both sides of nth
  high_span = side[1] | side[2];
}

// Ranges of kBucketSelectMin records and more are cut by buckets from one of the two arrays into the other
// (`in_scratch` says which holds the range), smaller ones in place in `records`.
template <int M>
struct Bisector {
  std::vector<Record<M>> records;
  std::vector<Record<M>> scratch;  // for select_by_buckets
  int num_keys = M;
  std::vector<int> part_start;

  void run(long first, long n, long parts, int level, bool in_scratch, KeySpan span) {
    if (in_scratch && (parts == 1 || n < kBucketSelectMin)) {  // the rest of this range is cut in `records`
      std::copy(scratch.data() + first, scratch.data() + first + n, records.data() + first);
      in_scratch = false;
    }
    if (parts == 1) {
      part_start.push_back(static_cast<int>(first));
      return;
    }
    const long parts_low = parts / 2;
    const long n_low = static_cast<long>(static_cast<std::int64_t>(n) * parts_low / parts);
    const int k = level % num_keys;
    if (n >= kBucketSelectMin) {
      const Record<M>* from = (in_scratch ? scratch : records).data() + first;
      Record<M>* to = (in_scratch ? records : scratch).data() + first;
      KeySpan low, high;
      select_by_buckets(from, from + n, n_low, k, span, to, (level + 1) % num_keys, low, high);
      run(first, n_low, parts_low, level + 1, !in_scratch, low);
      run(first + n_low, n - n_low, parts - parts_low, level + 1, !in_scratch, high);
      return;
    }
    Record<M>* begin = records.data() + first;
    select(begin, begin + n_low, begin + n, k);
    run(first, n_low, parts_low, level + 1, false, {});
    run(first + n_low, n - n_low, parts - parts_low, level + 1, false, {});
  }
};

template <int M>
MjParts bisect(const std::vector<const std::vector<int>*>& level_keys, int num_parts) {
  const int n = static_cast<int>(level_keys[0]->size());
  Bisector<M> b;
  b.num_keys = static_cast<int>(level_keys.size());
  b.records.resize(n);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < b.num_keys; ++k)
      b.records[i].key[k] = static_cast<std::uint32_t>((*level_keys[k])[i]);
    b.records[i].id = i;
  }
  KeySpan span;
  if (n >= kBucketSelectMin) {
    b.scratch.resize(n);
    for (const Record<M>& r : b.records) span.add(r.key[0]);
  }
  b.part_start.reserve(static_cast<size_t>(num_parts) + 1);
  b.run(0, n, num_parts, 0, false, span);
  b.part_start.push_back(n);
  MjParts parts;
  parts.order.resize(n);
  for (int i = 0; i < n; ++i) parts.order[i] = b.records[i].id;
  parts.part_start = std::move(b.part_start);
  return parts;
}

// A run of tied units: `weight` units of point `id`, from its unit `offset` on, with the point's rank under
// each level's order (as in Record).
template <int M>
struct Piece {
  std::uint32_t key[M];
  std::int32_t id;
  std::int32_t offset;
  std::int32_t weight;
};

// MJ on points that stand for several tied units. A cut that falls inside a point splits it into two pieces
// (its lower units go low), exactly as sorting the units by (point key, unit index) would; once a range holds
// a single piece, its units are all tied and the remaining levels cut them in unit order. The pieces are cut
// in place, as Bisector cuts its records; a split piece's high half waits in the recursion until its low half
// has been emitted.
template <int M>
struct WeightedBisector {
  std::vector<Piece<M>> pieces;
  int num_keys = M;
  const std::vector<int>& first_unit;
  MjParts out;

  void emit(const Piece<M>* first, const Piece<M>* last) {
    out.part_start.push_back(static_cast<int>(out.order.size()));
    for (const Piece<M>* p = first; p != last; ++p)
      for (int u = 0; u < p->weight; ++u) out.order.push_back(first_unit[p->id] + p->offset + u);
  }

  void run_tied(Piece<M> piece, long parts) {
    if (piece.weight % parts == 0) {  // the cuts fall evenly: each part gets weight / parts units, in order
      const int each = static_cast<int>(piece.weight / parts);
      piece.weight = each;
      for (long k = 0; k < parts; ++k, piece.offset += each) emit(&piece, &piece + 1);
      return;
    }
    const long parts_low = parts / 2;
    const int low = static_cast<int>(static_cast<std::int64_t>(piece.weight) * parts_low / parts);
    Piece<M> high = piece;
    piece.weight = low;
    high.offset += low, high.weight -= low;
    run_tied(piece, parts_low);
    run_tied(high, parts - parts_low);
  }

  // Puts the piece holding unit number `wanted` (counted in key order from `first`) at the returned position,
  // the smaller pieces before it and the larger after; `before` gets the weight of the smaller ones. A
  // quickselect whose partition also adds up the weight it passes.
  Piece<M>* select_weighted(Piece<M>* first, Piece<M>* last, long wanted, int k, long& before) {
    before = 0;
    while (last - first > 1) {
      long smaller = 0;
      Piece<M>* store = partition_at_median(
          first, last, k, [&](const Piece<M>& v, bool below) { smaller += below ? v.weight : 0; });
      if (before + smaller > wanted) {
        last = store;
      } else if (before + smaller + store->weight > wanted) {
        before += smaller;
        return store;
      } else {
        before += smaller + store->weight;
        first = store + 1;
      }
    }
    return first;
  }

  void run(Piece<M>* first, Piece<M>* last, long units, long parts, int level) {
    if (parts == 1) return emit(first, last);
    if (last - first == 1) return run_tied(*first, parts);
    const long parts_low = parts / 2;
    const long units_low = static_cast<long>(static_cast<std::int64_t>(units) * parts_low / parts);
    long before = 0;
    Piece<M>* cut = select_weighted(first, last, units_low, level % num_keys, before);
    const int take = static_cast<int>(units_low - before);  // 0 <= take < cut->weight
    if (take == 0) {
      run(first, cut, units_low, parts_low, level + 1);
      run(cut, last, units - units_low, parts - parts_low, level + 1);
      return;
    }
    Piece<M> high = *cut;
    high.offset += take, high.weight -= take;
    cut->weight = take;
    run(first, cut + 1, units_low, parts_low, level + 1);
    *cut = high;  // the low side is emitted: its range is free again
    run(cut, last, units - units_low, parts - parts_low, level + 1);
  }
};

template <int M>
MjParts bisect_weighted(const std::vector<const std::vector<int>*>& level_keys,
                        const std::vector<int>& weight, const std::vector<int>& first_unit, long units,
                        int num_parts) {
  WeightedBisector<M> b{{}, static_cast<int>(level_keys.size()), first_unit, {}};
  for (int i = 0; i < static_cast<int>(weight.size()); ++i) {
    if (weight[i] == 0) continue;
    Piece<M> p{};
    for (int k = 0; k < b.num_keys; ++k) p.key[k] = static_cast<std::uint32_t>((*level_keys[k])[i]);
    p.id = i, p.offset = 0, p.weight = weight[i];
    b.pieces.push_back(p);
  }
  b.out.order.reserve(static_cast<size_t>(units));
  b.out.part_start.reserve(static_cast<size_t>(num_parts) + 1);
  b.run(b.pieces.data(), b.pieces.data() + b.pieces.size(), units, num_parts, 0);
  b.out.part_start.push_back(static_cast<int>(units));
  return std::move(b.out);
}

}  // namespace

MjPoints::MjPoints(const PointSet& points) : n_(points.size()) {
  values_.resize(points.dim);
  distinct_.resize(points.dim, 1);
  if (n_ == 0) return;
  for (int d = 0; d < points.dim; ++d) values_[d] = compress_axis(points, d, distinct_[d]);
}

const std::vector<int>& MjPoints::ranks(const std::vector<int>& key_axes) {
  auto found = cache_.find(key_axes);
  if (found != cache_.end()) return found->second;
  return cache_.emplace(key_axes, compute_ranks(key_axes)).first->second;
}

void MjPoints::prepare(const std::vector<std::vector<int>>& keys, int threads) {
  std::vector<std::vector<int>> missing;
  for (const std::vector<int>& key : keys)
    if (!cache_.count(key) && std::find(missing.begin(), missing.end(), key) == missing.end())
      missing.push_back(key);
  std::vector<std::vector<int>> computed(missing.size());
  parallel_for(missing.size(), threads, [&](std::size_t i) { computed[i] = compute_ranks(missing[i]); });
  for (std::size_t i = 0; i < missing.size(); ++i) cache_.emplace(missing[i], std::move(computed[i]));
}

std::vector<int> MjPoints::compute_ranks(const std::vector<int>& key_axes) const {
  // Least significant key first: stable counting sorts from the index order (the last tie-break) up.
  std::vector<int> order(n_), next(n_);
  std::iota(order.begin(), order.end(), 0);
  for (auto axis = key_axes.rbegin(); axis != key_axes.rend(); ++axis) {
    const std::vector<int>& v = values_[*axis];
    std::vector<int> start(static_cast<size_t>(distinct_[*axis]) + 1, 0);
    for (int i = 0; i < n_; ++i) ++start[v[i] + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    for (int i : order) next[start[v[i]]++] = i;
    order.swap(next);
  }
  std::vector<int> rank(n_);
  for (int pos = 0; pos < n_; ++pos) rank[order[pos]] = pos;
  return rank;
}

MjParts mj_partition(const std::vector<const std::vector<int>*>& level_keys, int num_parts) {
  require(!level_keys.empty() && level_keys.size() <= 8, "mj_partition: between 1 and 8 level keys");
  const long n = static_cast<long>(level_keys[0]->size());
  require(num_parts >= 1 && num_parts <= n, "mj_partition: need 1 <= parts <= points");
  switch (level_keys.size()) {
    case 1:
      return bisect<1>(level_keys, num_parts);
    case 2:
      return bisect<2>(level_keys, num_parts);
    case 3:
      return bisect<3>(level_keys, num_parts);
    case 4:
      return bisect<4>(level_keys, num_parts);
    default:
      return bisect<8>(level_keys, num_parts);
  }
}

MjParts mj_partition_weighted(const std::vector<const std::vector<int>*>& level_keys,
                              const std::vector<int>& weight, const std::vector<int>& first_unit,
                              int num_parts) {
  require(!level_keys.empty() && level_keys.size() <= 8, "mj_partition_weighted: between 1 and 8 level keys");
  const int n = static_cast<int>(weight.size());
  require(static_cast<int>(first_unit.size()) == n, "mj_partition_weighted: one first unit per point");
  long units = 0;
  for (int i = 0; i < n; ++i) {
    require(weight[i] >= 0, "mj_partition_weighted: negative weight");
    units += weight[i];
  }
  require(num_parts >= 1 && num_parts <= units, "mj_partition_weighted: need 1 <= parts <= units");
  switch (level_keys.size()) {
    case 1:
      return bisect_weighted<1>(level_keys, weight, first_unit, units, num_parts);
    case 2:
      return bisect_weighted<2>(level_keys, weight, first_unit, units, num_parts);
    case 3:
      return bisect_weighted<3>(level_keys, weight, first_unit, units, num_parts);
    case 4:
      return bisect_weighted<4>(level_keys, weight, first_unit, units, num_parts);
    default:
      return bisect_weighted<8>(level_keys, weight, first_unit, units, num_parts);
  }
}

}  // namespace tamp::impl
