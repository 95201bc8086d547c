#include "flow/flow_network.hpp"

#include <algorithm>
#include <utility>

namespace tamp::impl {

FlowNetwork::FlowNetwork(std::vector<double> capacity, std::int64_t messages)
    : solver_(std::move(capacity)),
      slot_of_(static_cast<std::size_t>(messages), -1),
      on_(solver_.capacity().size()),
      gone_(solver_.capacity().size(), 0),
      used_(solver_.capacity().size(), 0.0),
      component_(solver_.capacity().size(), -1),
      changed_(solver_.capacity().size(), 0),
      parent_(solver_.capacity().size(), -1) {}

void FlowNetwork::touch(int resource) {
  touched_since_.push_back(resource);
  const std::int32_t c = component_[resource];
  if (c >= 0 && !changed_[c]) {
    changed_[c] = 1;
    changed_components_.push_back(c);
  }
}

double FlowNetwork::fill_level(int resource, double room, double weight) {
  // Max-min on one resource, the flows there held to their current rates (limited elsewhere or by this one):
  // the level at which those below it keep their rates and the others (with `weight` more) fill `room`.
  // Water filling: start from the equal share of all; the flows below it keep their rates, which raises the
  // share of the rest; repeat until no other flow falls below. One pass for the weights, one for the flows
  // below the equal share: in a Lanczos run at 18,336 ranks, 98% of the calls end there.
  double weights = weight;
  for (const OnResource& e : on_[resource]) weights += e.weight;
  if (weights <= 0) return kNever;
  const double share = room / weights;
  double lowest_above = kNever;
  bool any_below = false;
  for (const OnResource& e : on_[resource]) {
    if (e.slot == kGone) continue;
    const Hot& h = hot_[e.slot];
    if (h.level < share) {
      room -= h.level * h.weight;
      weights -= h.weight;
      any_below = true;
    } else {
      lowest_above = std::min(lowest_above, h.level);
    }
  }
  if (!any_below) return std::max(0.0, room) / weights;
  if (weights <= 0) return kNever;
  const double level = std::max(0.0, room) / weights;
  return lowest_above < level ? fill_rest(resource, share, room, weights, level) : level;
}

double FlowNetwork::fill_rest(int resource, double share, double room, double weights, double level) {
  // The flows at or above the equal share, some of them below `level`: each pass moves those below it to the
  // front of the candidates (at most one pass per flow; two or three in practice).
  levels_.clear();
  for (const OnResource& e : on_[resource])
    if (e.slot != kGone && hot_[e.slot].level >= share)
      levels_.push_back({hot_[e.slot].level, hot_[e.slot].weight});
  auto first = levels_.begin();
  for (;;) {
    auto below = first;
    for (auto it = first; it != levels_.end(); ++it) {
      if (it->first < level) {
        room -= it->first * it->second;
        weights -= it->second;
        std::iter_swap(below++, it);
      }
    }
    if (below == first) return level;
    if (weights <= 0) return kNever;
    first = below;
    level = std::max(0.0, room) / weights;
  }
}

std::uint32_t FlowNetwork::new_slot() {
  if (!free_.empty()) {
    const std::uint32_t slot = free_.back();
    free_.pop_back();
    return slot;
  }
  flows_.emplace_back();
  hot_.push_back({0, 1, 0, 0, 0});
  motion_.push_back({0, 0, nullptr, nullptr});
  return static_cast<std::uint32_t>(flows_.size() - 1);
}

void FlowNetwork::leave(int resource, std::uint32_t i) {
  // The flows on a resource stay in the order they came (fill_level's selection, and so its rounding, depends
  // on it): a flow that leaves is marked gone, and the gone are swept out once they are half the list.
  std::vector<OnResource>& on = on_[resource];
  on[i] = {kGone, 0, 0.0};
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
  motion_[slot] = {bytes, now, route.begin, route.end};
  const std::vector<double>& capacity = solver_.capacity();
  // Its rate: the least, over its resources, of its max-min share of the resource alone. Where a resource has
  // room for the least so far unused, its share is no less (the flows there would keep their rates), so its
  // flows need not be read. The resource with the least room first: most often the bottleneck.
  const int* tightest = route.begin;
  for (const int* r = route.begin + 1; r != route.end; ++r)
    if (capacity[*r] - used_[*r] < capacity[*tightest] - used_[*tightest]) tightest = r;
  work_ += 1 + live(*tightest);
  double rate = route.weight * fill_level(*tightest, capacity[*tightest], route.weight);
  for (const int* r = route.begin; r != route.end; ++r) {
    ++work_;
    if (r == tightest || capacity[*r] - used_[*r] >= rate) continue;
    work_ += live(*r);
    rate = std::min(rate, route.weight * fill_level(*r, capacity[*r], route.weight));
  }
  // Room for it on every resource: where it would overcommit one, the fastest flows there come down to the level
  // at which all fit (those below it keep their rates), as a max-min solve of that resource alone would do.
  f.at.clear();
  for (const int* r = route.begin; r != route.end; ++r) {
    touch(*r);
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
    on.push_back({slot, static_cast<std::uint32_t>(r - route.begin), route.weight});
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
  Motion& m = motion_[slot];
  const double old = hot_[slot].rate;
  m.remaining = std::max(0.0, m.remaining - old * (now - m.since));
  m.since = now;
  for (const int* r = m.begin; r != m.end; ++r) used_[*r] += rate - old;
  set_hot(slot, rate);
  ++hot_[slot].version;
}

void FlowNetwork::schedule(std::uint32_t slot) {
  Hot& h = hot_[slot];
  h.queued = ++h.version;
  const Motion& m = motion_[slot];
  landings_.push({m.since + m.remaining / h.rate, flows_[slot].message, slot, h.version});
}

void FlowNetwork::settle() {
  // Until the top is the landing of a flow at its current rate: a dead entry (its flow was pushed again, or
  // landed: versions are never reused, and a flow's last push leaves the heap when it lands) goes; an early
  // one (its flow slowed since) is pushed again at its flow's current landing.
  while (!landings_.empty()) {
    const Landing top = landings_.top();
    const Hot& h = hot_[top.slot];
    const bool live = top.version == h.queued;
    if (live && h.queued == h.version) return;
    landings_.pop();
    if (live) schedule(top.slot);
  }
}

double FlowNetwork::next_landing() {
  settle();
  return landings_.empty() ? kNever : landings_.top().time;
}

std::int64_t FlowNetwork::land() {
  settle();
  const std::uint32_t slot = landings_.top().slot;
  landings_.pop();
  Flow& f = flows_[slot];
  const std::size_t at = static_cast<std::size_t>(f.active_at);
  flows_[active_.back()].active_at = static_cast<std::int64_t>(at);
  active_[at] = active_.back();
  active_.pop_back();
  f.active_at = -1;
  slot_of_[static_cast<std::size_t>(f.message)] = -1;
  // Its share stays unused until the next solve.
  const double rate = hot_[slot].rate;
  const Motion& m = motion_[slot];
  for (const int* r = m.begin; r != m.end; ++r) {
    ++work_;
    touch(*r);
    leave(*r, f.at[static_cast<std::size_t>(r - m.begin)]);
    used_[*r] = live(*r) == 0 ? 0.0 : used_[*r] - rate;
  }
  free_.push_back(slot);
  return f.message;
}

void FlowNetwork::solve(double now) {
  // The flows of a changed component, and those that started since (their resources are changed or new), are
  // solved; the others keep their rates. The solved flows share no resource with the others: a flow that
  // started on a resource of a kept component would have changed it. Every flow's bytes and landing are brought
  // to `now`, as when every flow was solved.
  routes_.clear();
  solved_.clear();
  for (std::uint32_t slot : active_) {
    Motion& m = motion_[slot];
    const std::int32_t c = component_[*m.begin];
    m.remaining = std::max(0.0, m.remaining - hot_[slot].rate * (now - m.since));
    m.since = now;
    if (c >= 0 && !changed_[c]) continue;
    routes_.push_back({m.begin, m.end, hot_[slot].weight});
    solved_.push_back(slot);
  }
  in_network_ += static_cast<std::int64_t>(active_.size());
  resolved_ += static_cast<std::int64_t>(routes_.size());
  solver_.solve(routes_, rates_);
  label_components();
  // Sums of the new rates, in the order of active_ (the solver adds them in flow order).
  const std::vector<int>& touched = solver_.touched();
  for (std::size_t t = 0; t < touched.size(); ++t) used_[touched[t]] = solver_.allocated()[t];
  work_ += solver_.work() + static_cast<std::int64_t>(active_.size());
  for (std::size_t i = 0; i < solved_.size(); ++i) set_hot(solved_[i], rates_[i]);
  landings_.clear();
  for (std::uint32_t slot : active_) {
    const Motion& m = motion_[slot];
    Hot& h = hot_[slot];
    h.queued = ++h.version;
    landings_.push_unordered({now + m.remaining / h.rate, flows_[slot].message, slot, h.version});
  }
  landings_.heapify();
}

void FlowNetwork::label_components() {
  // Resources of changed components that no flow crosses now lose their label; the solved flows' resources
  // get the component of their flows (a union-find over them, named by its root resource).
  for (std::int32_t c : changed_components_) changed_[c] = 0;
  changed_components_.clear();
  for (std::int32_t r : touched_since_) component_[r] = -1;
  touched_since_.clear();
  const std::vector<int>& touched = solver_.touched();
  for (int r : touched) parent_[r] = r;
  const auto find = [&](std::int32_t r) {
    while (parent_[r] != r) r = parent_[r] = parent_[parent_[r]];
    return r;
  };
  for (const FlowRoute& f : routes_) {
    const std::int32_t root = find(*f.begin);
    for (const int* r = f.begin + 1; r != f.end; ++r) {
      const std::int32_t other = find(*r);
      if (other != root) parent_[other] = root;
    }
  }
  for (int r : touched) component_[r] = find(r);
}

}  // namespace tamp::impl
