// The predicted communication time of one phase (docs/mapping.md), for evaluate().
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/flow.hpp"
#include "tamp/machine.hpp"
#include "tamp/network_parameters.hpp"
#include "tamp/metrics.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::impl {

/// What predict_steps() needs of each message of a phase: when its sender posts it, how long it takes alone
/// before its bytes flow, and the network resources its bytes cross (StepResources ids).
struct PhaseTiming {
  std::vector<double> leaves;               // per edge, in CSR order: posted this long after its sender's start
  std::vector<double> latency;              // per edge: latency; on the node, the whole loopback transfer
  std::vector<std::int64_t> route_offsets;  // per edge + 1: its resources in `route` (none: on the node)
  std::vector<int> route;
  std::vector<double> posted;  // per task: when it has posted the phase's messages
  double receives_posted = 0;  // when a task has posted its receives (0: before its sends; an MPI_Sendrecv: after)
};

/// The shared resources of the step model: the machine's links (their LinkId), then every node's injection
/// link out (link_id_bound + 2 x node) and in (+ 1), with their bandwidths in bytes/s.
struct StepResources {
  LinkId links = 0;
  std::vector<double> capacity;
  int out(int node) const { return links + 2 * node; }
  int in(int node) const { return links + 2 * node + 1; }
};
StepResources step_resources(const Machine& machine);

/// What a phase puts on each link (indexed by LinkId): its payload bytes, and the messages that cross it,
/// each of which carries its envelope too on the wire (kEnvelopeBytes). Hop-bytes and link loads are the
/// payload's; the predicted time is the wire's.
struct LinkTraffic {
  std::vector<double> bytes;
  std::vector<double> messages;
  void clear(LinkId links) {
    bytes.assign(static_cast<std::size_t>(links), 0.0);
    messages.assign(static_cast<std::size_t>(links), 0.0);
  }
  double wire(LinkId l) const { return bytes[l] + kEnvelopeBytes * messages[l]; }
};

/// The sums predict_phase() makes over a phase's messages, one message at a time, for a caller that walks the
/// messages itself (evaluate() on a torus routes and times them in one pass). Messages come in CSR order.
class PhaseSums {
 public:
  explicit PhaseSums(const Machine& machine);
  /// A message of `payload` bytes (and its envelope) from node nu to node nv, `hops` apart, the k-th (from 1)
  /// its sender posts; returns when it lands, from the start of the phase.
  double add(int nu, int nv, int hops, std::int64_t k, double payload) {
    const double leaves = net_.message_overhead * static_cast<double>(k);
    const double bytes = wire_bytes(payload);
    if (nu == nv) {
      largest_local_ = std::max(largest_local_, bytes);
      p_.latency_time = std::max(p_.latency_time, leaves + net_.loopback_latency);
      last_latency_ = net_.loopback_latency + bytes / net_.loopback_bandwidth;
      const double lands = leaves + last_latency_;
      p_.message_time = std::max(p_.message_time, lands);
      return lands;
    }
    out_[nu] += bytes;
    in_[nv] += bytes;
    last_latency_ = hops * net_.link_latency + 2 * net_.injection_latency;
    shortest_offnode_ = std::min(shortest_offnode_, last_latency_);
    p_.latency_time = std::max(p_.latency_time, leaves + last_latency_);
    const double lands = leaves + last_latency_ + bytes / net_.injection_bandwidth;
    p_.message_time = std::max(p_.message_time, lands);
    return lands;
  }
  /// The latency of the last message added (on the node: its whole loopback transfer).
  double last_latency() const { return last_latency_; }
  /// The phase's figures without hidden computation, from its `messages` and what they put on the links.
  PhaseMetrics finish(const TaskGraph& messages, const LinkTraffic& traffic) const;

 private:
  const Machine& machine_;
  NetworkParameters net_;
  PhaseMetrics p_;
  std::vector<double> out_, in_;  // per node: bytes leaving and arriving
  double largest_local_ = 0;
  double shortest_offnode_ = std::numeric_limits<double>::infinity();
  double last_latency_ = 0;
};

/// Figures of the messages of one phase (`messages`, a CSR graph) whose traffic on the placement's links is
/// `traffic`; `node_of_task` is the machine node of every task. Name, kind and count are
/// left to the caller. `hidden`: empty, or the seconds every task computes between posting its messages and
/// waiting for its own (EvaluateOptions::hidden_compute). O(messages + links + tasks).
PhaseMetrics predict_phase(const TaskGraph& messages, const LinkTraffic& traffic,
                           const Allocation& allocation, const std::vector<int>& node_of_task,
                           const std::vector<double>& hidden = {}, PhaseTiming* timing = nullptr);

/// One phase of a step for predict_steps(): its messages and their timing (predict_phase()), repeated `count`
/// times; `hides`: tasks compute their hidden work while its messages travel (point-to-point phases).
struct StepPhase {
  const TaskGraph* messages = nullptr;
  const PhaseTiming* timing = nullptr;
  int count = 1;
  bool hides = false;
  // Consecutive phases of one group are the rounds of one collective (NAME/r0, NAME/r1, ...: add_collective):
  // the engine runs them in order, `count` times over, not each round `count` times.
  int group = 0;
  // Seconds each task computes before each call of the phase (its group's first round), or nullptr: none.
  const std::vector<double>* before = nullptr;
};

/// What predict_steps() runs: the rounds of `setup` (untimed), `warmup` untimed steps, the rounds of
/// `barrier` (untimed), then `steps` timed steps, each the `phases` in order.
struct StepPlan {
  std::vector<StepPhase> phases;
  std::vector<StepPhase> setup;          // rounds run once, before the first barrier
  std::vector<std::size_t> setup_steps;  // an untimed step of `phases` before each of these rounds of `setup`
  std::vector<StepPhase> barrier;
  int warmup = 0;
  int steps = 0;
};

/// The flow engine: the phases of a step, in order, run on each task's own clock from a common start
/// (docs/mapping.md, "Step by step"; docs/simulation.md, "The flow engine"): in each phase a task posts its
/// messages, computes `hidden[t]` seconds (phases that hide), and waits for its own, sent and received; after
/// the last phase it computes `after[t]` and starts the next step. A message leaves when its sender has posted
/// it and its receiver has reached the phase (a rendezvous), and its bytes share every resource on their way
/// with the messages crossing it at the same time, by max-min fairness solved as `options` says. Returns the
/// per-task times of the timed steps. `hidden`, `after`: empty (none) or one value per task.
FlowTimes predict_steps(const StepPlan& plan, int tasks, const StepResources& resources,
                        const std::vector<double>& hidden, const std::vector<double>& after,
                        const FlowOptions& options = {});

}  // namespace tamp::impl
