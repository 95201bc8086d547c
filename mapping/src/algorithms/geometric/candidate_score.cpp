// Scoring the rotations of geom-r / geom-rs. [Deveci14] keeps the rotation of lowest average hop count; TAMP
// keeps the best by MapOptions::objective (hop-bytes: the byte-weighted hop count). Hop-bytes on a torus is
// what a million-task search evaluates 36 times, so it has a path of its own: router of every task, then one
// pass over the messages with per-dimension distance tables (no Mapping built, no link loads). It gives
// evaluate()'s hop-bytes (exactly when the byte counts are integers, up to rounding otherwise). A symmetric
// graph is read from a copy of its upward messages only, bytes in 32 bits, summed in 64-bit integers.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "algorithms/geometric/geometric.hpp"
#include "algorithms/impl/objective.hpp"
#include "tamp/grid.hpp"

namespace tamp::impl {

CandidateScorer::CandidateScorer(const TaskGraph& graph, const Allocation& allocation, Objective objective)
    : graph_(graph), allocation_(allocation), objective_(objective) {
  const Grid* torus = allocation.machine().grid();
  if (!torus || objective != Objective::hop_bytes || torus->num_dims() > kMaxFastDims) return;
  fast_ = true;
  dims_ = torus->num_dims();
  router_coords_.resize(static_cast<size_t>(torus->num_routers()) * dims_);
  for (int r = 0; r < torus->num_routers(); ++r) {
    const std::vector<int> c = torus->router_coords(r);
    for (int d = 0; d < dims_; ++d) router_coords_[static_cast<size_t>(r) * dims_ + d] = c[d];
  }
  // distance_[d][delta + n - 1]: hops along dimension d between coordinates delta apart, wrap-aware.
  distance_.resize(dims_);
  for (int d = 0; d < dims_; ++d) {
    const int n = torus->dim(d);
    for (int delta = -(n - 1); delta <= n - 1; ++delta) {
      const int a = delta < 0 ? -delta : delta;
      distance_[d].push_back(torus->wraps(d) && n - a < a ? n - a : a);
    }
  }
  packed_ = dims_ <= 3;
  for (int d = 0; d < dims_; ++d) packed_ = packed_ && torus->dim(d) <= (1 << kPackBits);
  site_of_slot_.resize(allocation.num_slots());
  for (int s = 0; s < allocation.num_slots(); ++s) {
    const int r = torus->router_of_node(allocation.machine_node_of_slot(s));
    std::uint64_t site = static_cast<std::uint64_t>(r);
    if (packed_) {
      site = 0;
      for (int d = dims_ - 1; d >= 0; --d)
        site = site << kPackBits | static_cast<std::uint64_t>(router_coords_[static_cast<size_t>(r) * dims_ + d]);
    }
    site_of_slot_[s] = site;
  }
  // A graph whose every message has its reverse with the same integer bytes (stencils, halos) is summed over
  // one direction and doubled: half the work, and the same sum (integers add exactly in any order).
  const auto& offsets = graph.offsets();
  const auto& targets = graph.targets();
  const auto& bytes = graph.bytes();
  int longest = 0;
  for (int d = 0; d < dims_; ++d) longest += *std::max_element(distance_[d].begin(), distance_[d].end());
  symmetric_ = graph.total_bytes() * std::max(longest, 1) < 0x1p53;
  // Each message to a higher task has its reverse, and as many go down as up: then every message down is the
  // reverse of one up (rows hold no duplicates), and half the searches do.
  std::int64_t up = 0, down = 0;
  for (int u = 0; u < graph.num_tasks() && symmetric_; ++u) {
    for (std::int64_t e = offsets[u]; e < offsets[u + 1] && symmetric_; ++e) {
      const int v = targets[e];
      if (v < u) {
        ++down;
        continue;
      }
      up += v > u;
      const auto first = targets.begin() + offsets[v], last = targets.begin() + offsets[v + 1];
      const auto back = std::lower_bound(first, last, u);  // rows are sorted by destination
      symmetric_ = bytes[e] == std::floor(bytes[e]) && back != last && *back == u &&
                   bytes[static_cast<std::size_t>(back - targets.begin())] == bytes[e];
    }
  }
  symmetric_ = symmetric_ && up == down;
  // Whole bytes whose every sum of hop-bytes stays below 2^53 add exactly in any order, as doubles too (a
  // symmetric graph was found so above).
  exact_ = symmetric_ || (graph.total_bytes() * std::max(longest, 1) < 0x1p53 &&
                          std::all_of(bytes.begin(), bytes.end(), [](double b) { return b == std::floor(b); }));
  if (!symmetric_) return;
  up_offsets_.assign(static_cast<std::size_t>(graph.num_tasks()) + 1, 0);
  up_targets_.reserve(static_cast<std::size_t>(up));
  up_bytes_.reserve(static_cast<std::size_t>(up));
  for (int u = 0; u < graph.num_tasks() && symmetric_; ++u) {
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      if (targets[e] <= u) continue;
      symmetric_ = bytes[e] <= static_cast<double>(std::numeric_limits<std::uint32_t>::max());
      up_targets_.push_back(targets[e]);
      up_bytes_.push_back(static_cast<std::uint32_t>(bytes[e]));
    }
    up_offsets_[static_cast<std::size_t>(u) + 1] = static_cast<std::int64_t>(up_targets_.size());
  }
  if (!symmetric_) up_offsets_ = {}, up_targets_ = {}, up_bytes_ = {};  // larger bytes: every message, as read
}

namespace {

// The messages a score reads: the graph's, or the upward half of a symmetric graph's.
template <class Bytes>
struct Messages {
  int tasks;
  const std::int64_t* offsets;
  const int* targets;
  const Bytes* bytes;
};

// What a score adds its terms in: integers below 2^53 (the upward half: CandidateScorer's symmetric_) add
// exactly in 64 bits, with one-cycle adds, to the sum doubles of the same integers would give.
template <class Bytes>
using Sum = std::conditional_t<std::is_integral_v<Bytes>, std::uint64_t, double>;

// The message loop on packed coordinates: a message costs one load of its target's site, not a router's
// then its coordinates.
template <int D, bool kHalf, class Bytes>
double sum_hop_bytes_packed(const Messages<Bytes>& m, const std::vector<std::uint64_t>& site,
                            const int* const* dist, double bound) {
  const int n = m.tasks;
  const std::int64_t* offsets = m.offsets;
  const int* targets = m.targets;
  const Bytes* bytes = m.bytes;
  const std::uint64_t* at = site.data();
  constexpr std::uint64_t kMask = (std::uint64_t{1} << CandidateScorer::kPackBits) - 1;
  Sum<Bytes> hop_bytes = 0;
  for (int u = 0; u < n; ++u) {
    int a[D];
    for (int d = 0; d < D; ++d) a[d] = static_cast<int>(at[u] >> (CandidateScorer::kPackBits * d) & kMask);
    Sum<Bytes> task_hop_bytes = 0;  // per task, so consecutive tasks' sums overlap in the pipeline
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::uint64_t b = at[targets[e]];
      int hops = 0;
      for (int d = 0; d < D; ++d) hops += dist[d][a[d] - static_cast<int>(b >> (CandidateScorer::kPackBits * d) & kMask)];
      task_hop_bytes += static_cast<Sum<Bytes>>(hops) * bytes[e];
    }
    hop_bytes += kHalf ? 2 * task_hop_bytes : task_hop_bytes;  // kHalf: each message's reverse too
    if ((u & 1023) == 0 && static_cast<double>(hop_bytes) > bound) break;  // the sum only grows: cannot win
  }
  return static_cast<double>(hop_bytes);
}

// The message loop, with the number of dimensions known to the compiler (D = 0: read it from `dims`).
template <int D, bool kHalf, class Bytes>
double sum_hop_bytes(const Messages<Bytes>& m, const std::vector<std::uint64_t>& router, const int* coords,
                     const int* const* dist, int dims, double bound) {
  const int n = m.tasks;
  const std::int64_t* offsets = m.offsets;
  const int* targets = m.targets;
  const Bytes* bytes = m.bytes;
  const std::uint64_t* router_of = router.data();
  const int nd = D > 0 ? D : dims;
  Sum<Bytes> hop_bytes = 0;
  for (int u = 0; u < n; ++u) {
    const std::uint64_t ru = router_of[u];
    const int* a = coords + static_cast<size_t>(ru) * nd;
    Sum<Bytes> task_hop_bytes = 0;  // per task, so consecutive tasks' sums overlap in the pipeline
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::uint64_t rv = router_of[targets[e]];
      const int* b = coords + static_cast<size_t>(rv) * nd;
      int hops = 0;
      for (int d = 0; d < nd; ++d) hops += dist[d][a[d] - b[d]];
      task_hop_bytes += static_cast<Sum<Bytes>>(hops) * bytes[e];
    }
    hop_bytes += kHalf ? 2 * task_hop_bytes : task_hop_bytes;  // kHalf: each message's reverse too
    if ((u & 1023) == 0 && static_cast<double>(hop_bytes) > bound) break;  // the sum only grows: cannot win
  }
  return static_cast<double>(hop_bytes);
}

}  // namespace

Score CandidateScorer::operator()(const std::vector<int>& slot_of_task, double bound) const {
  if (!fast_) return score(graph_, allocation_, Mapping(slot_of_task, allocation_.num_slots()), objective_);
  const int n = graph_.num_tasks();
  std::vector<std::uint64_t> site(n);
  for (int t = 0; t < n; ++t) site[t] = site_of_slot_[slot_of_task[t]];
  return score_sites(site, bound);
}

Score CandidateScorer::score_sites(const std::vector<std::uint64_t>& router, double bound) const {
  const int* dist[kMaxFastDims];
  for (int d = 0; d < dims_; ++d) dist[d] = distance_[d].data() + distance_[d].size() / 2;  // index by delta
  const int* coords = router_coords_.data();
  const auto sum = [&](const auto& m, auto half) {
    constexpr bool kHalf = decltype(half)::value;
    if (packed_) {
      switch (dims_) {
        case 1:
          return sum_hop_bytes_packed<1, kHalf>(m, router, dist, bound);
        case 2:
          return sum_hop_bytes_packed<2, kHalf>(m, router, dist, bound);
        default:
          return sum_hop_bytes_packed<3, kHalf>(m, router, dist, bound);
      }
    }
    switch (dims_) {
      case 2:
        return sum_hop_bytes<2, kHalf>(m, router, coords, dist, dims_, bound);
      case 3:
        return sum_hop_bytes<3, kHalf>(m, router, coords, dist, dims_, bound);
      default:
        return sum_hop_bytes<0, kHalf>(m, router, coords, dist, dims_, bound);
    }
  };
  const int n = graph_.num_tasks();
  if (symmetric_)
    return {sum(Messages<std::uint32_t>{n, up_offsets_.data(), up_targets_.data(), up_bytes_.data()},
                std::true_type{}),
            0};
  return {sum(Messages<double>{n, graph_.offsets().data(), graph_.targets().data(), graph_.bytes().data()},
              std::false_type{}),
          0};
}

}  // namespace tamp::impl
