// The flow engine's options and results (docs/simulation.md, "The flow engine"): the steps of a task graph run
// on every task's own clock, messages as flows sharing the network's links by max-min fairness.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "tamp/error.hpp"

namespace tamp {

/// How often the flows' max-min fair rates are solved again. After a solve at simulated time t, the next one
/// waits until t + max(delta x t, quantum), or until flows have started or ended `changes` times the number of
/// flows in the network (at least one), whichever comes first; a brief flow (its bytes take under 1% of its
/// message's latency at the rate it starts at) is not counted. A flow that starts in between takes its share
/// of each resource on its way, the flows there slowing down where that would overcommit a resource; a flow
/// that ends leaves its share unused until then. delta = quantum = changes = 0: exact, solved again at every
/// start and end of a flow.
/// How a resource is shared among the flows it limits: `latency`, in inverse proportion to each flow's route
/// latency, as SimGrid's SMPI model shares with network/weight-S:0 (what TAMP's simulated runs use); `equal`,
/// an equal share per flow.
enum class FlowSharing { latency, equal };
FlowSharing parse_flow_sharing(const std::string& name);  // throws std::invalid_argument
const char* to_string(FlowSharing sharing);

inline constexpr ValueRange kFlowWindowRange{0, 1, ""};  // delta (a fraction) and quantum (seconds)

struct FlowOptions {
  double delta = 1e-4;
  double quantum = 2e-7;  // seconds
  double changes = 0.002;  // a fraction of the flows in the network
  FlowSharing sharing = FlowSharing::latency;
  // > 0: the run stops with FlowWorkLimit once its work (FlowTimes::work) passes this; 0: no limit. A bound on
  // the engine's cost that is the same on every machine (`auto` ranks its short list within one).
  std::int64_t work_limit = 0;
  bool exact() const { return delta == 0 && quantum == 0 && changes == 0; }
};
std::ostream& operator<<(std::ostream& os, const FlowOptions& options);
/// Throws std::invalid_argument unless delta, quantum and changes are finite and in kFlowWindowRange.
void validate(const FlowOptions& options);

/// Thrown when a run passes FlowOptions::work_limit: it has no result.
struct FlowWorkLimit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// What the engine measured over the timed steps (after the warm-up steps and the barrier). Per task: seconds
/// from leaving the barrier to the end of its last step, computing (hidden and after the wait), and posting
/// and waiting in point-to-point rounds (exchange) and in the rounds of collectives.
struct FlowTimes {
  std::vector<double> total, compute, exchange, collective;
  std::vector<double> step;  // per timed step: the longest any task took over it
  std::int64_t messages = 0;  // messages simulated, every step and the barrier included
  std::int64_t flows = 0;     // of them, messages whose bytes crossed the network
  std::int64_t solves = 0;    // max-min solves
  // Summed over the solves: the flows in the network, and those re-solved (the others' components had no
  // start or landing since the solve before).
  std::int64_t in_network = 0;
  std::int64_t resolved = 0;
  // Route entries the engine visited (solves, flow starts and landings): its cost, the same on every run.
  std::int64_t work = 0;
  FlowOptions options;
};

}  // namespace tamp
