#include "flow/max_min.hpp"

#include <algorithm>
#include <queue>
#include <stdexcept>
#include <utility>

namespace tamp::impl {

MaxMinSolver::MaxMinSolver(std::vector<double> capacity)
    : capacity_(std::move(capacity)),
      remaining_(capacity_.size(), 0.0),
      weights_(capacity_.size(), 0.0),
      unfixed_(capacity_.size(), 0),
      first_(capacity_.size(), 0),
      stamp_(capacity_.size(), 0) {
  for (double c : capacity_)
    if (!(c > 0)) throw std::invalid_argument("max-min solver: a resource has no capacity");
}

void MaxMinSolver::solve(const std::vector<FlowRoute>& flows, std::vector<double>& rate) {
  ++epoch_;
  touched_.clear();
  for (const FlowRoute& f : flows) {
    for (const int* r = f.begin; r != f.end; ++r) {
      if (stamp_[*r] != epoch_) {
        stamp_[*r] = epoch_;
        remaining_[*r] = capacity_[*r];
        weights_[*r] = 0;
        unfixed_[*r] = 0;
        touched_.push_back(*r);
      }
      ++unfixed_[*r];
      weights_[*r] += f.weight;
    }
  }
  // Flows grouped by resource (a counting sort), in flow order within each resource.
  std::int64_t next = 0;
  for (int r : touched_) {
    first_[r] = next;
    next += unfixed_[r];
  }
  flows_on_.resize(static_cast<std::size_t>(next));
  for (std::size_t i = 0; i < flows.size(); ++i)
    for (const int* r = flows[i].begin; r != flows[i].end; ++r)
      flows_on_[static_cast<std::size_t>(first_[*r]++)] = static_cast<std::int64_t>(i);
  // A resource's fill level (remaining capacity over the weights of its unfixed flows) never falls as flows are
  // fixed (a flow leaves it at the smallest level, no more than its own), so the heap is pushed once per resource and a popped share that has since grown is pushed
  // again with its new value instead of being updated at every change.
  // Shares are totally ordered (ties by resource id), so the heap pops the same sequence however it was built.
  shares_.clear();
  for (int r : touched_) {
    first_[r] -= unfixed_[r];
    shares_.push_back({remaining_[r] / weights_[r], r});
  }
  std::priority_queue<Share, std::vector<Share>, std::greater<Share>> by_share(std::greater<Share>(),
                                                                              std::move(shares_));
  work_ = static_cast<std::int64_t>(flows_on_.size() + touched_.size());

  rate.assign(flows.size(), 0.0);
  fixed_.assign(flows.size(), 0);
  // Once every flow is fixed, the resources left on the heap have nothing to give out.
  std::size_t unfixed_flows = flows.size();
  while (unfixed_flows > 0 && !by_share.empty()) {
    const Share s = by_share.top();
    by_share.pop();
    ++work_;
    if (unfixed_[s.resource] == 0) continue;
    const double current = remaining_[s.resource] / weights_[s.resource];
    if (current > s.share) {
      by_share.push({current, s.resource});
      ++work_;
      continue;
    }
    // The bottleneck: each of its unfixed flows gets its share, which leaves every resource on the flow's way.
    const double share = std::max(0.0, current);
    for (std::int64_t k = first_[s.resource]; unfixed_[s.resource] > 0; ++k) {
      const std::int64_t i = flows_on_[static_cast<std::size_t>(k)];
      if (fixed_[i]) continue;
      fixed_[i] = 1;
      --unfixed_flows;
      rate[i] = share * flows[i].weight;
      for (const int* r = flows[i].begin; r != flows[i].end; ++r) {
        remaining_[*r] -= rate[i];
        weights_[*r] -= flows[i].weight;
        --unfixed_[*r];
      }
    }
  }
}

}  // namespace tamp::impl
