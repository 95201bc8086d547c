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

  /// The engine's work so far: the solver's (MaxMinSolver::work), and route entries visited by starts (each flow
  /// already on a resource of the route) and by landings. A deterministic measure of its cost (FlowOptions::work_limit).
  std::int64_t work() const { return work_; }

  /// The rate of a flow in the network (tests).
  double rate(std::int64_t message) const { return flows_[static_cast<std::size_t>(message)].rate; }

 private:
  struct Flow {
    double remaining = 0;  // bytes, at `since`
    double rate = 0;       // bytes/s
    double since = 0;
    FlowRoute route;
    std::uint32_t version = 0;  // landings of older versions are stale
  };
  struct Landing {
    double time;
    std::int64_t message;
    std::uint32_t version;
    bool operator>(const Landing& o) const { return time != o.time ? time > o.time : message > o.message; }
  };

  double fill_level(int resource, double room, double weight);
  void set_rate(std::int64_t message, double rate, double now);
  void schedule(std::int64_t message);
  void drop_stale();

  MaxMinSolver solver_;
  std::vector<Flow> flows_;               // per message
  std::vector<std::int64_t> active_;      // the messages whose bytes are in the network
  std::vector<std::int64_t> active_at_;   // per message: its index in active_, or -1
  std::vector<std::vector<std::int64_t>> on_;  // per resource: the flows crossing it
  std::vector<double> used_;              // per resource: sum of the rates of its flows
  std::vector<std::pair<double, double>> levels_;  // fill_level's (rate / weight, weight) of a resource's flows
  std::vector<Landing> landings_;         // a min-heap; may hold stale entries
  std::vector<FlowRoute> routes_;         // of active_, for the solver
  std::vector<double> rates_;
  std::int64_t work_ = 0;
};

}  // namespace tamp::impl
