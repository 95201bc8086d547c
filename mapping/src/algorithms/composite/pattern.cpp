// Pattern identification ([Bhatele10] §8.1, Alg. 8.1) generalised: the id differences of the heavy messages
// propose strides 1 = s_0 < s_1 < ... (each dividing the next and n), every chain of strides is a grid, and
// each grid is checked message by message against the neighbourhood {-1,0,1}^D (plus wrap-around): boundary
// tasks of a non-periodic grid simply have fewer neighbours, and a small share of other traffic is tolerated.
#include "tamp/pattern.hpp"

#include <algorithm>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tamp/text.hpp"

namespace tamp {
namespace {

constexpr int kMaxDims = 4;
constexpr int kCodes = 81;             // 3^kMaxDims offset vectors
constexpr int kMasks = 1 << kMaxDims;  // which dimensions an offset wrapped round
constexpr int kMaxStrides = 64;        // most frequent differences kept as stride candidates
constexpr int kMaxGrids = 20000;       // grids enumerated at most
constexpr int kMaxVerified = 32;       // grids checked message by message at most

// The messages Alg. 8.1 looks at: not touching the ignored task, not lighter than the threshold.
struct Filter {
  int ignored = -1;
  double threshold = 0;
  bool keep(int src, int dst, double bytes) const {
    return src != dst && src != ignored && dst != ignored && bytes >= threshold;
  }
};

template <class Fn>
void for_each_message(const TaskGraph& graph, Fn&& fn) {
  const auto& offsets = graph.offsets();
  for (int src = 0; src < graph.num_tasks(); ++src)
    for (auto e = offsets[src]; e < offsets[src + 1]; ++e) fn(src, graph.targets()[e], graph.bytes()[e]);
}

Filter make_filter(const TaskGraph& graph, const PatternOptions& options) {
  Filter f;
  f.ignored =
      options.ignored_task >= 0 && options.ignored_task < graph.num_tasks() ? options.ignored_task : -1;
  double sum = 0;
  long long count = 0;
  // The average leaves out the ignored task too: a big gather to rank 0 must not push the stencil under the
  // cut.
  for_each_message(graph, [&](int src, int dst, double bytes) {
    if (src != f.ignored && dst != f.ignored) sum += bytes, ++count;
  });
  f.threshold = count > 0 ? options.min_weight_fraction * sum / count : 0;
  return f;
}

struct DiffStat {
  long long count = 0;
  double bytes = 0;
};

struct CandidateGrid {
  std::vector<int> dims;
  std::vector<long long> strides;
  double bound = 0;  // bytes the grid could explain at most (from the difference histogram)
};

CandidateGrid make_grid(const std::vector<long long>& strides, long long n) {
  CandidateGrid g;
  g.strides = strides;
  for (std::size_t k = 0; k < strides.size(); ++k) {
    const long long next = k + 1 < strides.size() ? strides[k + 1] : n;
    g.dims.push_back(static_cast<int>(next / strides[k]));
  }
  return g;
}

void enumerate_grids(const std::vector<long long>& pool, long long n, int max_dims,
                     std::vector<long long>& chain, std::vector<CandidateGrid>& out) {
  if (static_cast<int>(out.size()) >= kMaxGrids) return;
  out.push_back(make_grid(chain, n));
  if (static_cast<int>(chain.size()) == max_dims) return;
  const long long last = chain.back();
  for (long long s : pool) {
    if (s <= last || s % last != 0 || s / last < 2 || n % s != 0 || n / s < 2) continue;
    chain.push_back(s);
    enumerate_grids(pool, n, max_dims, chain, out);
    chain.pop_back();
  }
}

// Upper bound: bytes whose id difference is some sum of per-dimension steps {0, +-1, +-(a-1)} x stride.
double explainable_bytes(const CandidateGrid& g, const std::unordered_map<long long, DiffStat>& histogram) {
  std::vector<long long> sums{0};
  for (std::size_t k = 0; k < g.dims.size(); ++k) {
    std::vector<long long> steps{0, 1, -1};
    if (g.dims[k] > 2) steps.insert(steps.end(), {g.dims[k] - 1LL, 1LL - g.dims[k]});
    std::vector<long long> next;
    for (long long s : sums)
      for (long long step : steps) next.push_back(s + step * g.strides[k]);
    sums.swap(next);
  }
  std::unordered_set<long long> seen;
  double bytes = 0;
  for (long long s : sums) {
    const long long d = s < 0 ? -s : s;
    if (d == 0 || !seen.insert(d).second) continue;
    const auto it = histogram.find(d);
    if (it != histogram.end()) bytes += it->second.bytes;
  }
  return bytes;
}

// Messages per (offset vector, wrapped dimensions), from one pass over the kept messages.
struct OffsetTally {
  std::vector<long long> count = std::vector<long long>(kCodes * kMasks, 0);
  std::vector<double> bytes = std::vector<double>(kCodes * kMasks, 0);
};

int zero_code(int D) {
  int code = 0;
  for (int k = 0, p = 1; k < D; ++k, p *= 3) code += p;
  return code;
}

int face_code(int D, int k, int sign) {
  int p = 1;
  for (int j = 0; j < k; ++j) p *= 3;
  return zero_code(D) + sign * p;
}

OffsetTally tally_offsets(const TaskGraph& graph, const Filter& filter, const CandidateGrid& g) {
  const int D = static_cast<int>(g.dims.size());
  // Every task's coordinates once: a division per message and dimension was most of the pass.
  std::vector<int> coords(static_cast<std::size_t>(graph.num_tasks()) * static_cast<std::size_t>(D));
  for (int t = 0; t < graph.num_tasks(); ++t)
    for (int k = 0, rest = t; k < D; ++k) {
      coords[static_cast<std::size_t>(t) * D + k] = rest % g.dims[k];
      rest /= g.dims[k];
    }
  OffsetTally tally;
  for_each_message(graph, [&](int src, int dst, double bytes) {
    if (!filter.keep(src, dst, bytes)) return;
    int code = 0, mask = 0;
    const int* a = &coords[static_cast<std::size_t>(src) * D];
    const int* b = &coords[static_cast<std::size_t>(dst) * D];
    for (int k = 0, p = 1; k < D; ++k, p *= 3) {
      const int n = g.dims[k];
      const int delta = b[k] - a[k];
      int o = delta;
      if (delta < -1 || delta > 1) {
        if (n <= 2 || (delta != n - 1 && delta != 1 - n)) return;  // not a neighbour along k: unexplained
        o = delta > 0 ? -1 : 1;  // from coordinate 0 back to n-1 is one step down, round the wrap
        mask |= 1 << k;
      }
      code += (o + 1) * p;
    }
    tally.count[code * kMasks + mask] += 1;
    tally.bytes[code * kMasks + mask] += bytes;
  });
  return tally;
}

// Directed face messages along k that touch the ignored task: (inner, wrap).
std::pair<int, int> ignored_faces(const CandidateGrid& g, int ignored, int k) {
  if (ignored < 0) return {0, 0};
  const int c = static_cast<int>(ignored / g.strides[k]) % g.dims[k];
  const int last = g.dims[k] - 1;
  return {2 * ((c < last) + (c > 0)), 2 * ((c == last) + (c == 0))};
}

bool has_message_above(const TaskGraph& graph, int src, int dst, double threshold) {
  const auto& off = graph.offsets();
  for (auto e = off[src]; e < off[src + 1]; ++e)
    if (graph.targets()[e] == dst) return graph.bytes()[e] >= threshold;
  return false;
}

// When every wrap message along k touches the ignored task (a ring: its only wrap pair is 0 <-> n-1), those
// messages are the only evidence of periodicity: both directions must be there.
bool ignored_task_wraps(const TaskGraph& graph, const Filter& filter, const CandidateGrid& g, int k) {
  if (filter.ignored < 0 || g.dims[k] <= 2) return false;
  const long long c = filter.ignored / g.strides[k] % g.dims[k];
  if (c != 0 && c != g.dims[k] - 1) return false;
  const long long step = (g.dims[k] - 1LL) * g.strides[k];
  const int partner = static_cast<int>(c == 0 ? filter.ignored + step : filter.ignored - step);
  return has_message_above(graph, filter.ignored, partner, filter.threshold) &&
         has_message_above(graph, partner, filter.ignored, filter.threshold);
}

std::optional<GridPattern> check_grid(const TaskGraph& graph, const Filter& filter, const CandidateGrid& g,
                                      double kept_bytes, const PatternOptions& options) {
  const int D = static_cast<int>(g.dims.size());
  const long long n = graph.num_tasks();
  const OffsetTally tally = tally_offsets(graph, filter, g);
  auto count = [&](int code, int mask) { return tally.count[code * kMasks + mask]; };

  GridPattern p;
  p.grid.dims = g.dims;
  p.grid.periodic.assign(D, false);
  int periodic_mask = 0;
  p.coverage = 1;
  for (int k = 0; k < D; ++k) {
    const long long a = g.dims[k];
    const auto [inner_ignored, wrap_ignored] = ignored_faces(g, filter.ignored, k);
    const double inner_expected = 2.0 * (n / a) * (a - 1) - inner_ignored;
    const double wrap_expected = a > 2 ? 2.0 * (n / a) - wrap_ignored : 0;
    const long long inner = count(face_code(D, k, 1), 0) + count(face_code(D, k, -1), 0);
    const long long wrap = count(face_code(D, k, 1), 1 << k) + count(face_code(D, k, -1), 1 << k);
    const bool periodic =
        wrap_expected > 0 ? wrap >= 0.5 * wrap_expected : ignored_task_wraps(graph, filter, g, k);
    p.grid.periodic[k] = periodic;
    if (periodic) periodic_mask |= 1 << k;
    const double expected = inner_expected + (periodic ? wrap_expected : 0);
    p.coverage = std::min(p.coverage, expected > 0 ? (inner + (periodic ? wrap : 0)) / expected : 1.0);
  }

  double explained = 0;
  p.points = 1;
  const int codes = zero_code(D) * 2 + 1;  // 3^D
  for (int code = 0; code < codes; ++code) {
    if (code == zero_code(D)) continue;
    long long present = 0;
    for (int mask = 0; mask < kMasks; ++mask) {
      if ((mask & ~periodic_mask) != 0) continue;  // wrapped round a dimension that is not periodic
      present += count(code, mask);
      explained += tally.bytes[code * kMasks + mask];
    }
    double expected = 1;
    for (int k = 0, c = code; k < D; ++k, c /= 3)
      expected *= c % 3 == 1 ? g.dims[k] : g.dims[k] - 1 + (p.grid.periodic[k] ? 1 : 0);
    if (present >= 0.5 * std::max(1.0, expected - 2)) ++p.points;
  }
  p.explained = kept_bytes > 0 ? explained / kept_bytes : 0;
  if (p.explained < options.min_explained || p.coverage < options.min_coverage) return std::nullopt;
  // A "stencil" in which a task talks to more than half of the others explains anything dense (an all-to-all
  // looks like the full neighbourhood of a 2x4x2x4 grid): not a pattern worth mapping as a grid.
  if (p.points - 1 > (n - 1) / 2.0) return std::nullopt;
  return p;
}

bool better(const GridPattern& a, const GridPattern& b) {
  if (a.explained > b.explained + 1e-9) return true;
  if (a.explained < b.explained - 1e-9) return false;
  return a.grid.dims.size() < b.grid.dims.size();
}

}  // namespace

std::optional<GridPattern> detect_pattern(const TaskGraph& graph, const PatternOptions& options) {
  const long long n = graph.num_tasks();
  if (n < 2) return std::nullopt;
  const Filter filter = make_filter(graph, options);

  // The small differences (a grid's strides, mostly) are counted in an array and the others hashed: a hash
  // lookup a message was most of the time on graphs of 10^6 tasks.
  std::vector<DiffStat> small(static_cast<std::size_t>(std::min<long long>(n, 1 << 16)));
  std::unordered_map<long long, DiffStat> histogram;
  double kept_bytes = 0;
  for_each_message(graph, [&](int src, int dst, double bytes) {
    if (!filter.keep(src, dst, bytes)) return;
    const long long diff = dst > src ? dst - src : src - dst;
    DiffStat& s =
        diff < static_cast<long long>(small.size()) ? small[static_cast<std::size_t>(diff)] : histogram[diff];
    ++s.count;
    s.bytes += bytes;
    kept_bytes += bytes;
  });
  for (std::size_t diff = 0; diff < small.size(); ++diff)
    if (small[diff].count > 0) histogram[static_cast<long long>(diff)] = small[diff];
  if (kept_bytes <= 0) return std::nullopt;

  // A stride s_k is the difference of at least 2n(1 - 1/a_k) >= n directed face messages.
  std::vector<std::pair<long long, long long>> frequent;  // (count, difference)
  for (const auto& [diff, stat] : histogram)
    if (stat.count >= 0.5 * options.min_coverage * n) frequent.push_back({stat.count, diff});
  std::sort(frequent.begin(), frequent.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  if (frequent.size() > kMaxStrides) frequent.resize(kMaxStrides);
  std::vector<long long> pool;
  for (const auto& f : frequent) pool.push_back(f.second);
  std::sort(pool.begin(), pool.end());
  if (pool.empty() || pool.front() != 1) return std::nullopt;  // neighbours along dimension 0 are 1 apart

  std::vector<CandidateGrid> grids;
  std::vector<long long> chain{1};
  enumerate_grids(pool, n, std::clamp(options.max_dims, 1, kMaxDims), chain, grids);
  for (CandidateGrid& g : grids) g.bound = explainable_bytes(g, histogram) / kept_bytes;
  std::stable_sort(grids.begin(), grids.end(), [](const CandidateGrid& a, const CandidateGrid& b) {
    if (a.bound != b.bound) return a.bound > b.bound;
    if (a.dims.size() != b.dims.size()) return a.dims.size() < b.dims.size();
    return a.dims < b.dims;
  });

  std::optional<GridPattern> best;
  int verified = 0;
  for (const CandidateGrid& g : grids) {
    if (g.bound < options.min_explained) break;
    if (best && g.bound < best->explained - 1e-9) break;  // sorted by bound: nothing later can do better
    if (++verified > kMaxVerified) break;
    auto p = check_grid(graph, filter, g, kept_bytes, options);
    if (p && (!best || better(*p, *best))) best = std::move(p);
  }
  return best;
}

std::optional<GridShape> detect_grid(const TaskGraph& graph) {
  auto p = detect_pattern(graph);
  if (!p) return std::nullopt;
  return p->grid;
}

std::string describe(const GridPattern& pattern) {
  std::string s = std::to_string(pattern.grid.dims.size()) + "D ";
  s += extents_text(pattern.grid.dims);
  s += " " + std::to_string(pattern.points) + "-point, periodic";
  for (bool p : pattern.grid.periodic) s += p ? " 1" : " 0";
  char share[64];
  std::snprintf(share, sizeof share, " (%.1f%% of bytes)", 100 * pattern.explained);
  return s + share;
}

}  // namespace tamp
