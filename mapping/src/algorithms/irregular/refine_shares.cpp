// Pairwise refinement of a k-way split (irregular.hpp): recursive bisection fixes each split before the next,
// so two shares that end up sharing a long border were never refined against each other. Refining every
// such pair as one bisection of its union repairs that without changing any share's size.
#include <algorithm>
#include <cstdint>
#include <utility>

#include "algorithms/irregular/irregular.hpp"

namespace tamp::impl {
namespace {

constexpr int kMaxPasses = 4;
constexpr double kMinSaving = 1e-3;  // a pass that saves less than this fraction of the cut is the last

// Refines the bisection {first, second} of their union; returns the bytes its cut lost (0: unchanged).
double refine_pair(const SymGraph& graph, std::vector<int>& first, std::vector<int>& second,
                   std::vector<int>& local_of, std::vector<int>& share_of, int a, int b) {
  if (first.empty() || second.empty()) return 0;
  std::vector<int> both(first);
  both.insert(both.end(), second.begin(), second.end());
  const SymGraph sub = induced_subgraph(graph, both, local_of);
  std::vector<char> side(both.size(), 1);
  std::fill(side.begin(), side.begin() + static_cast<std::ptrdiff_t>(first.size()), 0);
  const double before = cut_bytes(sub, side);
  const std::vector<char> refined = refine_bisection(sub, side, static_cast<int>(first.size()));
  const double after = cut_bytes(sub, refined);
  if (!(after < before)) return 0;
  first.clear();
  second.clear();
  for (std::size_t i = 0; i < both.size(); ++i) {
    (refined[i] ? second : first).push_back(both[i]);
    share_of[both[i]] = refined[i] ? b : a;
  }
  return before - after;
}

}  // namespace

void refine_shares(const SymGraph& graph, std::vector<std::vector<int>>& shares, std::vector<int>& local_of,
                   std::vector<int>& share_of) {
  const int k = static_cast<int>(shares.size());
  for (int c = 0; c < k; ++c)
    for (int t : shares[c]) share_of[t] = c;
  for (int pass = 0; pass < kMaxPasses && k > 1; ++pass) {
    // Bytes between each pair of shares (both directions of every edge: each pair counted from both ends).
    std::vector<double> between(static_cast<std::size_t>(k) * k, 0.0);
    double cut = 0;
    for (int c = 0; c < k; ++c)
      for (int t : shares[c])
        for (std::int64_t e = graph.offsets[t]; e < graph.offsets[t + 1]; ++e) {
          const int d = share_of[graph.targets[e]];
          if (d < 0 || d == c) continue;
          between[static_cast<std::size_t>(c) * k + d] += graph.bytes[e];
          cut += graph.bytes[e] / 2;
        }
    std::vector<std::pair<int, int>> pairs;
    for (int a = 0; a < k; ++a)
      for (int b = a + 1; b < k; ++b)
        if (between[static_cast<std::size_t>(a) * k + b] > 0) pairs.emplace_back(a, b);
    std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) {
      return between[static_cast<std::size_t>(x.first) * k + x.second] >
             between[static_cast<std::size_t>(y.first) * k + y.second];
    });
    double saved = 0;
    for (const auto& [a, b] : pairs) saved += refine_pair(graph, shares[a], shares[b], local_of, share_of, a, b);
    if (saved <= kMinSaving * cut) break;
  }
  for (const auto& tasks : shares)
    for (int t : tasks) share_of[t] = -1;
}

}  // namespace tamp::impl
