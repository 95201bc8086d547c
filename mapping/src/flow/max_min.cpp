#include "flow/max_min.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <utility>

namespace tamp::impl {
namespace {

// The byte `b` of a share's sort key: bytes 0-3 the resource id, 4-11 the share's bits (a positive double's
// bits order as an unsigned integer).
template <class Share>
unsigned key_byte(const Share& s, int b) {
  if (b < 4) return (static_cast<std::uint32_t>(s.resource) >> (8 * b)) & 0xff;
  std::uint64_t bits;
  std::memcpy(&bits, &s.share, sizeof bits);
  return static_cast<unsigned>(bits >> (8 * (b - 4))) & 0xff;
}

// Sorts positive shares by (share, resource) with a least-significant-digit radix sort: the comparison sort
// of a few hundred shares at every solve mispredicted most of its branches. Stable passes, the resource's bytes
// first, so ties in share keep the order of their ids; a byte that every key has in common is skipped. Fewer
// than 2^32 shares: a resource id is an int.
template <class Share>
void radix_sort(std::vector<Share>& shares, std::vector<Share>& buffer) {
  constexpr int kBytes = 12;
  std::uint32_t count[kBytes][256] = {};  // 12 KiB to clear at every solve, not 24
  for (const Share& s : shares)
    for (int b = 0; b < kBytes; ++b) ++count[b][key_byte(s, b)];
  buffer.resize(shares.size());
  for (int b = 0; b < kBytes; ++b) {
    if (count[b][key_byte(shares.front(), b)] == shares.size()) continue;
    std::uint32_t next = 0;
    for (std::uint32_t& c : count[b]) next += std::exchange(c, next);
    for (const Share& s : shares) buffer[count[b][key_byte(s, b)]++] = s;
    shares.swap(buffer);
  }
}

}  // namespace

MaxMinSolver::MaxMinSolver(std::vector<double> capacity)
    : capacity_(std::move(capacity)), resources_(capacity_.size(), Resource{0, 0, 0, 0, 0}) {
  for (double c : capacity_)
    if (!(c > 0)) throw std::invalid_argument("max-min solver: a resource has no capacity");
}

void MaxMinSolver::solve(const std::vector<FlowRoute>& flows, std::vector<double>& rate) {
  if (++epoch_ == 0) {  // the stamps wrapped: none is valid
    for (Resource& res : resources_) res.stamp = 0;
    epoch_ = 1;
  }
  touched_.clear();
  for (const FlowRoute& f : flows) {
    for (const int* r = f.begin; r != f.end; ++r) {
      Resource& res = resources_[*r];
      if (res.stamp != epoch_) {
        res = {capacity_[*r], 0, 0, 0, epoch_};
        touched_.push_back(*r);
      }
      ++res.unfixed;
      res.weights += f.weight;
    }
  }
  // Flows grouped by resource (a counting sort), in flow order within each resource.
  std::int64_t next = 0;
  for (int r : touched_) {
    resources_[r].first = next;
    next += resources_[r].unfixed;
  }
  flows_on_.resize(static_cast<std::size_t>(next));
  for (std::size_t i = 0; i < flows.size(); ++i)
    for (const int* r = flows[i].begin; r != flows[i].end; ++r)
      flows_on_[static_cast<std::size_t>(resources_[*r].first++)] = static_cast<std::int64_t>(i);
  // A resource's fill level (remaining capacity over the weights of its unfixed flows) never falls as flows are
  // fixed (a flow leaves it at the smallest level, no more than its own), so each resource is queued once, in
  // order of its first share, and a share that has grown by the time it comes up is queued again (a small
  // heap) instead of being updated at every change. Shares are totally ordered (ties by resource id), so the
  // resources come up in the same sequence however they were queued. A resource whose flows were all fixed
  // elsewhere costs one step of the sorted list, not a heap pop (most of them, in a large run).
  shares_.clear();
  for (int r : touched_) {
    Resource& res = resources_[r];
    res.first -= res.unfixed;
    shares_.push_back({res.remaining / res.weights, r});
  }
  const bool positive =
      std::all_of(shares_.begin(), shares_.end(), [](const Share& s) { return s.share > 0; });
  if (!shares_.empty() && positive)
    radix_sort(shares_, again_);
  else
    std::sort(shares_.begin(), shares_.end());
  again_.clear();
  work_ = static_cast<std::int64_t>(flows_on_.size() + touched_.size());

  rate.assign(flows.size(), 0.0);
  fixed_.assign(flows.size(), 0);
  // Once every flow is fixed, the resources still queued have nothing to give out.
  std::size_t unfixed_flows = flows.size(), sorted = 0;
  while (unfixed_flows > 0 && (sorted < shares_.size() || !again_.empty())) {
    Share s;
    if (again_.empty() || (sorted < shares_.size() && shares_[sorted] < again_.front())) {
      s = shares_[sorted++];
    } else {
      std::pop_heap(again_.begin(), again_.end(), std::greater<>());
      s = again_.back();
      again_.pop_back();
    }
    ++work_;
    Resource& bottleneck = resources_[s.resource];
    if (bottleneck.unfixed == 0) continue;
    const double current = bottleneck.remaining / bottleneck.weights;
    if (current > s.share) {
      again_.push_back({current, s.resource});
      std::push_heap(again_.begin(), again_.end(), std::greater<>());
      ++work_;
      continue;
    }
    // The bottleneck: each of its unfixed flows gets its share, which leaves every resource on the flow's way.
    const double share = std::max(0.0, current);
    for (std::int64_t k = bottleneck.first; bottleneck.unfixed > 0; ++k) {
      const std::int64_t i = flows_on_[static_cast<std::size_t>(k)];
      if (fixed_[i]) continue;
      fixed_[i] = 1;
      --unfixed_flows;
      rate[i] = share * flows[i].weight;
      for (const int* r = flows[i].begin; r != flows[i].end; ++r) {
        Resource& res = resources_[*r];
        res.remaining -= rate[i];
        res.weights -= flows[i].weight;
        --res.unfixed;
      }
    }
  }
  // Each resource's flows are a run of flows_on_, in flow order, and the runs are in the order of touched_.
  allocated_.assign(touched_.size(), 0.0);
  std::size_t k = 0;
  for (std::size_t t = 0; t < touched_.size(); ++t) {
    const std::size_t end = t + 1 < touched_.size() ? static_cast<std::size_t>(resources_[touched_[t + 1]].first)
                                                    : flows_on_.size();
    double sum = 0;
    for (; k < end; ++k) sum += rate[static_cast<std::size_t>(flows_on_[k])];
    allocated_[t] = sum;
  }
}

}  // namespace tamp::impl
