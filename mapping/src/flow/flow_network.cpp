#include "flow/flow_network.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace tamp::impl {

FlowNetwork::FlowNetwork(std::vector<double> capacity, std::int64_t messages)
    : solver_(std::move(capacity)),
      slot_of_(static_cast<std::size_t>(messages), -1),
      on_(solver_.capacity().size()),
      gone_(solver_.capacity().size(), 0),
      used_(solver_.capacity().size(), 0.0) {}

double FlowNetwork::fill_level(int resource, double room, double weight) {
  // Max-min on one resource, the flows there held to their current rates (limited elsewhere or by this one):
  // the level at which those below it keep their rates and the others (with `weight` more) fill `room`.
  // One pass over the flows: the lowest level and the weights.
  double weights = weight, lowest = kNever;
  for (const OnResource& e : on_[resource]) {
    if (e.slot == kGone) continue;
    const Hot& h = hot_[e.slot];
    lowest = std::min(lowest, h.level);
    weights += h.weight;
  }
  // Every flow there at or above the equal share (a full link's flows, one more coming): no flow keeps its rate.
  if (weights <= 0 || lowest * weights >= room) return weights > 0 ? std::max(0.0, room) / weights : kNever;
  levels_.clear();
  for (const OnResource& e : on_[resource])
    if (e.slot != kGone) levels_.push_back({hot_[e.slot].level, hot_[e.slot].weight});
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

std::uint32_t FlowNetwork::new_slot() {
  if (!free_.empty()) {
    const std::uint32_t slot = free_.back();
    free_.pop_back();
    return slot;
  }
  flows_.emplace_back();
  hot_.push_back({0, 1, 0});
  return static_cast<std::uint32_t>(flows_.size() - 1);
}

void FlowNetwork::leave(int resource, std::uint32_t i) {
  // The flows on a resource stay in the order they came (fill_level's selection, and so its rounding, depends
  // on it): a flow that leaves is marked gone, and the gone are swept out once they are half the list.
  std::vector<OnResource>& on = on_[resource];
  on[i].slot = kGone;
  if (++gone_[resource] * 2 < on.size()) return;
  std::size_t kept = 0;
  for (const OnResource& e : on) {
    if (e.slot == kGone) continue;
    flows_[e.slot].at[e.k] = static_cast<std::uint32_t>(kept);
    on[kept++] = e;
  }
  on.resize(kept);
  gone_[resource] = 0;
}

void FlowNetwork::set_hot(std::uint32_t slot, double rate) {
  hot_[slot].rate = rate;
  hot_[slot].level = rate / hot_[slot].weight;
}

double FlowNetwork::start(std::int64_t message, const FlowRoute& route, double bytes, double now) {
  const std::uint32_t slot = new_slot();
  slot_of_[static_cast<std::size_t>(message)] = static_cast<std::int32_t>(slot);
  Flow& f = flows_[slot];
  f.message = message;
  f.remaining = bytes;
  f.since = now;
  f.route = route;
  const std::vector<double>& capacity = solver_.capacity();
  double rate = kNever;
  for (const int* r = route.begin; r != route.end; ++r) {
    work_ += 1 + live(*r);
    rate = std::min(rate, route.weight * fill_level(*r, capacity[*r], route.weight));
  }
  // Room for it on every resource: where it would overcommit one, the fastest flows there come down to the level
  // at which all fit (those below it keep their rates), as a max-min solve of that resource alone would do.
  f.at.clear();
  for (const int* r = route.begin; r != route.end; ++r) {
    std::vector<OnResource>& on = on_[*r];
    if (used_[*r] + rate > capacity[*r] && live(*r) > 0) {
      const double level = fill_level(*r, capacity[*r] - rate, 0.0);
      for (const OnResource& e : on) {
        if (e.slot == kGone) continue;
        const Hot& g = hot_[e.slot];
        if (g.rate > g.weight * level) set_rate(e.slot, g.weight * level, now);
      }
    }
    f.at.push_back(static_cast<std::uint32_t>(on.size()));
    on.push_back({slot, static_cast<std::uint32_t>(r - route.begin)});
    used_[*r] += rate;
  }
  hot_[slot].weight = route.weight;
  set_hot(slot, rate);
  f.active_at = static_cast<std::int64_t>(active_.size());
  active_.push_back(slot);
  schedule(slot);
  return rate;
}

void FlowNetwork::set_rate(std::uint32_t slot, double rate, double now) {
  // Rates only fall between solves, so the flow's landing in the heap stays a lower bound: settle() pushes it
  // again once it comes to the top, instead of a push at every change (most flows slow many times a window).
  Flow& f = flows_[slot];
  const double old = hot_[slot].rate;
  f.remaining = std::max(0.0, f.remaining - old * (now - f.since));
  f.since = now;
  for (const int* r = f.route.begin; r != f.route.end; ++r) used_[*r] += rate - old;
  set_hot(slot, rate);
  ++f.version;
}

void FlowNetwork::schedule(std::uint32_t slot) {
  Flow& f = flows_[slot];
  f.queued = ++f.version;
  landings_.push_back({f.since + f.remaining / hot_[slot].rate, f.message, slot, f.version});
  std::push_heap(landings_.begin(), landings_.end(), std::greater<>());
}

void FlowNetwork::settle() {
  // Until the top is the landing of a flow at its current rate: a dead entry (its flow landed or was pushed
  // again) goes; an early one (its flow slowed since) is pushed again at its flow's current landing.
  while (!landings_.empty()) {
    const Landing top = landings_.front();
    const Flow& f = flows_[top.slot];
    const bool live = f.active_at >= 0 && top.version == f.queued;
    if (live && f.queued == f.version) return;
    std::pop_heap(landings_.begin(), landings_.end(), std::greater<>());
    landings_.pop_back();
    if (live) schedule(top.slot);
  }
}

double FlowNetwork::next_landing() {
  settle();
  return landings_.empty() ? kNever : landings_.front().time;
}

std::int64_t FlowNetwork::land() {
  settle();
  std::pop_heap(landings_.begin(), landings_.end(), std::greater<>());
  const std::uint32_t slot = landings_.back().slot;
  landings_.pop_back();
  Flow& f = flows_[slot];
  const std::size_t at = static_cast<std::size_t>(f.active_at);
  flows_[active_.back()].active_at = static_cast<std::int64_t>(at);
  active_[at] = active_.back();
  active_.pop_back();
  f.active_at = -1;
  slot_of_[static_cast<std::size_t>(f.message)] = -1;
  // Its share stays unused until the next solve.
  const double rate = hot_[slot].rate;
  for (const int* r = f.route.begin; r != f.route.end; ++r) {
    ++work_;
    leave(*r, f.at[static_cast<std::size_t>(r - f.route.begin)]);
    used_[*r] = live(*r) == 0 ? 0.0 : used_[*r] - rate;
  }
  free_.push_back(slot);
  return f.message;
}

void FlowNetwork::solve(double now) {
  routes_.clear();
  for (std::uint32_t slot : active_) {
    Flow& f = flows_[slot];
    f.remaining = std::max(0.0, f.remaining - hot_[slot].rate * (now - f.since));
    f.since = now;
    routes_.push_back(f.route);
    for (const int* r = f.route.begin; r != f.route.end; ++r) used_[*r] = 0;
  }
  solver_.solve(routes_, rates_);
  work_ += solver_.work() + static_cast<std::int64_t>(active_.size());
  landings_.clear();
  for (std::size_t i = 0; i < active_.size(); ++i) {
    const std::uint32_t slot = active_[i];
    Flow& f = flows_[slot];
    set_hot(slot, rates_[i]);
    f.queued = ++f.version;
    landings_.push_back({now + f.remaining / rates_[i], f.message, slot, f.version});
    for (const int* r = f.route.begin; r != f.route.end; ++r) used_[*r] += rates_[i];
  }
  std::make_heap(landings_.begin(), landings_.end(), std::greater<>());
}

}  // namespace tamp::impl
