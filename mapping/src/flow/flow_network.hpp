// The flows whose bytes are in the network, and their rates (docs/simulation.md, "The flow engine"). Rates are
// max-min fair after each solve(). Between solves a flow that starts gets, on each resource on its way, the
// max-min level of that resource alone (the flows there held to their current rates), and where it would
// overcommit a resource the flows above that level come down to it, so no resource ever carries more than its
// capacity. Without that, a burst of flows starting within one window (the first at the full bandwidth, the
// second at half, ...) would carry log(n) times a link's capacity and land too early.
#pragma once
#include <cstdint>
#include <utility>
#include <limits>
#include <vector>

#include "flow/dary_heap.hpp"
#include "flow/max_min.hpp"

namespace tamp::impl {

class FlowNetwork {
 public:
  static constexpr double kNever = std::numeric_limits<double>::infinity();

  /// `capacity`: bytes/s of every resource (> 0); `messages`: ids are 0 .. messages - 1.
  FlowNetwork(std::vector<double> capacity, std::int64_t messages);

  const std::vector<double>& capacity() const { return solver_.capacity(); }
  /// Flows in the network now.
  std::size_t active() const { return active_.size(); }

  /// `message`'s bytes enter the network at `now` along `route` (a route of at least one resource); returns
  /// the rate it starts at.
  double start(std::int64_t message, const FlowRoute& route, double bytes, double now);
  /// When the next flow lands at the current rates (kNever: none); ties: the lower message first.
  double next_landing();
  /// Takes the flow of next_landing() out of the network and returns its message.
  std::int64_t land();
  /// Every flow in the network gets its max-min fair rate at `now`.
  void solve(double now);

  /// The engine's work so far: the solver's (MaxMinSolver::work), route entries visited by starts (each flow
  /// already on a resource of the route) and by landings (one each). A deterministic measure of its cost
  /// (FlowOptions::work_limit).
  std::int64_t work() const { return work_; }
  /// Summed over the solves so far: the flows in the network, and those each solve re-solved.
  std::int64_t in_network_at_solves() const { return in_network_; }
  std::int64_t resolved() const { return resolved_; }

  /// The rate of a flow in the network (tests).
  double rate(std::int64_t message) const {
    const std::int32_t slot = slot_of_[static_cast<std::size_t>(message)];
    return slot < 0 ? 0.0 : hot_[static_cast<std::size_t>(slot)].rate;
  }

 private:
  // A flow in the network lives in a slot, reused once it lands: the slots are as many as the flows in
  // flight, so the passes over a resource's flows read a small, dense array (per message, they were
  // scattered). A slot's data is in three arrays, by who reads it: a change of rate reads and writes one
  // entry of hot_ and one of motion_ (32 bytes each, one cache line apiece), not the whole flow.
  struct Flow {
    std::int64_t message = -1;
    std::int64_t active_at = -1;    // its index in active_
    std::vector<std::uint32_t> at;  // per resource of its route: its index in on_[resource]
  };
  // What the pass over a resource's flows reads, and the versions of its rate.
  struct alignas(32) Hot {
    double level;   // rate / weight
    double weight;
    double rate;    // bytes/s
    std::uint32_t version;  // bumped at every change of its rate (never reset: slots are reused)
    std::uint32_t queued;   // the version of its landing in the heap
  };
  // Its bytes left and its route.
  struct alignas(32) Motion {
    double remaining;  // bytes, at `since`
    double since;
    const int* begin;  // of its route
    const int* end;
  };
  // A flow on a resource: its slot, the index of the resource in its route, and its weight (0 once it has
  // left), so that the pass for the weights reads the list alone.
  struct OnResource {
    std::uint32_t slot;
    std::uint32_t k;
    double weight;
  };
  struct Landing {
    double time;
    std::int64_t message;
    std::uint32_t slot;
    std::uint32_t version;
    bool operator<(const Landing& o) const { return time != o.time ? time < o.time : message < o.message; }
  };

  static constexpr std::uint32_t kGone = std::numeric_limits<std::uint32_t>::max();  // an OnResource left

  double fill_level(int resource, double room, double weight);
  double fill_rest(int resource, double share, double room, double weights, double level);
  void leave(int resource, std::uint32_t i);
  std::int64_t live(int resource) const {
    return static_cast<std::int64_t>(on_[resource].size() - gone_[resource]);
  }
  void set_rate(std::uint32_t slot, double rate, double now);
  void set_hot(std::uint32_t slot, double rate);
  void schedule(std::uint32_t slot);
  void settle();
  std::uint32_t new_slot();

  MaxMinSolver solver_;
  std::vector<Flow> flows_;              // per slot
  std::vector<Hot> hot_;                 // per slot
  std::vector<Motion> motion_;           // per slot
  std::vector<std::uint32_t> free_;      // slots of landed flows
  std::vector<std::int32_t> slot_of_;    // per message: its slot, or -1 when not in the network
  std::vector<std::uint32_t> active_;    // the slots of the flows in the network
  std::vector<std::vector<OnResource>> on_;  // per resource: the flows crossing it, in the order they came
  std::vector<std::size_t> gone_;            // per resource: entries of on_ marked kGone
  std::vector<double> used_;              // per resource: sum of the rates of its flows
  std::vector<std::pair<double, double>> levels_;  // fill_rest's (rate / weight, weight) of candidates
  QuaternaryHeap<Landing> landings_;  // an entry may be early or dead (see settle())
  // The flows a solve leaves alone (docs/simulation.md, "The flow engine"): the flows that share resources form
  // components, and a component where no flow started or landed since the last solve is still max-min fair.
  // Per resource, the component it was in at the last solve that crossed it (a resource id; -1: none); per
  // component (by that id), whether a flow has started or landed on it since.
  void touch(int resource);
  void label_components();
  std::vector<std::int32_t> component_;
  std::vector<char> changed_;           // per component
  std::vector<std::int32_t> changed_components_;
  std::vector<std::int32_t> touched_since_;  // resources a flow started on or left since the last solve
  std::vector<std::int32_t> parent_;    // union-find over the solved flows' resources
  std::vector<std::uint32_t> solved_;   // the slots of routes_
  std::vector<FlowRoute> routes_;       // of the flows to solve, in the order of active_
  std::vector<double> rates_;
  std::int64_t work_ = 0;
  std::int64_t in_network_ = 0;
  std::int64_t resolved_ = 0;
};

}  // namespace tamp::impl
