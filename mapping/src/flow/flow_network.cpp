#include "flow/flow_network.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace tamp::impl {

FlowNetwork::FlowNetwork(std::vector<double> capacity, std::int64_t messages)
    : solver_(std::move(capacity)),
      flows_(static_cast<std::size_t>(messages)),
      active_at_(static_cast<std::size_t>(messages), -1),
      on_(solver_.capacity().size()),
      used_(solver_.capacity().size(), 0.0) {}

double FlowNetwork::fill_level(int resource, double room, double weight) {
  // Max-min on one resource, the flows there held to their current rates (limited elsewhere or by this one):
  // the level at which those below it keep their rates and the others (with `weight` more) fill `room`.
  // One pass over the flows (scattered in memory): their levels, the lowest, and the weights.
  double weights = weight, lowest = kNever;
  levels_.clear();
  for (std::int64_t other : on_[resource]) {
    const Flow& g = flows_[static_cast<std::size_t>(other)];
    levels_.push_back({g.rate / g.route.weight, g.route.weight});
    lowest = std::min(lowest, levels_.back().first);
    weights += g.route.weight;
  }
  // Every flow there at or above the equal share (a full link's flows, one more coming): no flow keeps its rate.
  if (weights <= 0 || lowest * weights >= room) return weights > 0 ? std::max(0.0, room) / weights : kNever;
  // The flows that keep their rates are those below the level: the lowest ones, found by halving the candidates
  // around their median (expected O(flows), where sorting thousands of flows on a busy link at every start cost
  // a third of a run). `mid` stays below the level when, with every lower flow keeping its rate, it is under the
  // share of the rest.
  auto first = levels_.begin(), last = levels_.end();
  while (first != last) {
    const auto mid = first + (last - first) / 2;
    std::nth_element(first, mid, last);
    double below_room = room, below_weights = weights;
    for (auto it = first; it != mid; ++it) {
      below_room -= it->first * it->second;
      below_weights -= it->second;
    }
    if (below_weights > 0 && mid->first * below_weights < below_room) {
      room = below_room - mid->first * mid->second;
      weights = below_weights - mid->second;
      first = mid + 1;
    } else {
      last = mid;
    }
  }
  return weights > 0 ? std::max(0.0, room) / weights : kNever;
}

double FlowNetwork::start(std::int64_t message, const FlowRoute& route, double bytes, double now) {
  Flow& f = flows_[static_cast<std::size_t>(message)];
  f.remaining = bytes;
  f.since = now;
  f.route = route;
  const std::vector<double>& capacity = solver_.capacity();
  double rate = kNever;
  for (const int* r = route.begin; r != route.end; ++r) {
    work_ += 1 + static_cast<std::int64_t>(on_[*r].size());
    rate = std::min(rate, route.weight * fill_level(*r, capacity[*r], route.weight));
  }
  // Room for it on every resource: where it would overcommit one, the fastest flows there come down to the level
  // at which all fit (those below it keep their rates), as a max-min solve of that resource alone would do.
  for (const int* r = route.begin; r != route.end; ++r) {
    if (used_[*r] + rate > capacity[*r] && !on_[*r].empty()) {
      const double level = fill_level(*r, capacity[*r] - rate, 0.0);
      for (std::int64_t other : on_[*r]) {
        const Flow& g = flows_[static_cast<std::size_t>(other)];
        if (g.rate > g.route.weight * level) set_rate(other, g.route.weight * level, now);
      }
    }
    on_[*r].push_back(message);
    used_[*r] += rate;
  }
  f.rate = rate;
  active_at_[static_cast<std::size_t>(message)] = static_cast<std::int64_t>(active_.size());
  active_.push_back(message);
  schedule(message);
  return rate;
}

void FlowNetwork::set_rate(std::int64_t message, double rate, double now) {
  Flow& f = flows_[static_cast<std::size_t>(message)];
  f.remaining = std::max(0.0, f.remaining - f.rate * (now - f.since));
  f.since = now;
  for (const int* r = f.route.begin; r != f.route.end; ++r) used_[*r] += rate - f.rate;
  f.rate = rate;
  schedule(message);
}

void FlowNetwork::schedule(std::int64_t message) {
  Flow& f = flows_[static_cast<std::size_t>(message)];
  ++f.version;
  landings_.push_back({f.since + f.remaining / f.rate, message, f.version});
  std::push_heap(landings_.begin(), landings_.end(), std::greater<>());
}

void FlowNetwork::drop_stale() {
  while (!landings_.empty()) {
    const Landing& top = landings_.front();
    const Flow& f = flows_[static_cast<std::size_t>(top.message)];
    if (active_at_[static_cast<std::size_t>(top.message)] >= 0 && top.version == f.version) return;
    std::pop_heap(landings_.begin(), landings_.end(), std::greater<>());
    landings_.pop_back();
  }
}

double FlowNetwork::next_landing() {
  drop_stale();
  return landings_.empty() ? kNever : landings_.front().time;
}

std::int64_t FlowNetwork::land() {
  drop_stale();
  std::pop_heap(landings_.begin(), landings_.end(), std::greater<>());
  const std::int64_t message = landings_.back().message;
  landings_.pop_back();
  const std::size_t at = static_cast<std::size_t>(active_at_[static_cast<std::size_t>(message)]);
  active_at_[static_cast<std::size_t>(active_.back())] = static_cast<std::int64_t>(at);
  active_[at] = active_.back();
  active_.pop_back();
  active_at_[static_cast<std::size_t>(message)] = -1;
  // Its share stays unused until the next solve.
  Flow& f = flows_[static_cast<std::size_t>(message)];
  for (const int* r = f.route.begin; r != f.route.end; ++r) {
    std::vector<std::int64_t>& on = on_[*r];
    work_ += static_cast<std::int64_t>(on.size());
    on.erase(std::find(on.begin(), on.end(), message));
    used_[*r] = on.empty() ? 0.0 : used_[*r] - f.rate;
  }
  return message;
}

void FlowNetwork::solve(double now) {
  routes_.clear();
  for (std::int64_t message : active_) {
    Flow& f = flows_[static_cast<std::size_t>(message)];
    f.remaining = std::max(0.0, f.remaining - f.rate * (now - f.since));
    f.since = now;
    routes_.push_back(f.route);
    for (const int* r = f.route.begin; r != f.route.end; ++r) used_[*r] = 0;
  }
  solver_.solve(routes_, rates_);
  work_ += solver_.work() + static_cast<std::int64_t>(active_.size());
  landings_.clear();
  for (std::size_t i = 0; i < active_.size(); ++i) {
    Flow& f = flows_[static_cast<std::size_t>(active_[i])];
    f.rate = rates_[i];
    ++f.version;
    landings_.push_back({now + f.remaining / f.rate, active_[i], f.version});
    for (const int* r = f.route.begin; r != f.route.end; ++r) used_[*r] += f.rate;
  }
  std::make_heap(landings_.begin(), landings_.end(), std::greater<>());
}

}  // namespace tamp::impl
