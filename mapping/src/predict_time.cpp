// Predicted time of one phase: the larger of two lower bounds (LogGP-style), since the messages of a phase travel
// together. (1) Every message: a task posts its messages one after the other, each after one message overhead
// (LogP's o), in the order of its edges, so its k-th message leaves k overheads into the phase and lands its
// latency plus its own size over its bandwidth later (injection bandwidth off the node; on the node, the
// loopback, which gives every on-node message the whole bandwidth as SimGrid's cluster loopback does). (2) The
// busiest network resource (a link, or a node's injection link) carries all its bytes, starting no earlier than
// the first message can reach it: one overhead plus the shortest off-node latency. Bytes flow while later
// messages are still being posted, so the two do not add up. With computation hidden behind the phase (a task
// posts, computes, then waits: EvaluateOptions::hidden_compute), a task's exposed time is its posting plus what
// is left of its wait once its computation is done; the phase costs the most exposed task. A task waits for its
// incoming messages and for its own sends to be received: a send completes when its receiver has it, as in a
// rendezvous protocol and in TAMP's simulated runs (docs/simulation.md, "Sends wait for their receive"). A task
// with many neighbours thus waits for the last message it posted, wherever it goes.
#include "predict_time.hpp"

#include <algorithm>
#include <limits>

#include "tamp/network_parameters.hpp"

namespace tamp::impl {
namespace {

// The resources (StepResources ids) each off-node message's bytes cross: its sender's node's injection link
// out, the links of its route, its receiver's node's injection link in.
void add_routes(const TaskGraph& messages, const Allocation& allocation, const std::vector<int>& node_of_task,
                PhaseTiming& timing) {
  const Machine& machine = allocation.machine();
  const StepResources ids{machine.link_id_bound(), {}};
  std::vector<LinkId> path;
  const auto& offsets = messages.offsets();
  const auto& targets = messages.targets();
  timing.route_offsets.assign(1, 0);
  for (int u = 0; u < messages.num_tasks(); ++u) {
    const int nu = node_of_task[u];
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int nv = node_of_task[targets[e]];
      if (nu != nv) {
        machine.route(nu, nv, path);
        timing.route.push_back(ids.out(nu));
        timing.route.insert(timing.route.end(), path.begin(), path.end());
        timing.route.push_back(ids.in(nv));
      }
      timing.route_offsets.push_back(static_cast<std::int64_t>(timing.route.size()));
    }
  }
}

}  // namespace

PhaseSums::PhaseSums(const Machine& machine)
    : machine_(machine),
      net_(machine.network()),
      out_(static_cast<std::size_t>(machine.num_nodes()), 0.0),
      in_(out_) {}

PhaseMetrics PhaseSums::finish(const TaskGraph& messages, const LinkTraffic& traffic) const {
  PhaseMetrics p = p_;
  p.messages = messages.num_edges();
  p.bytes = messages.total_bytes();
  const double fastest = fastest_link_bandwidth(machine_);
  for (LinkId l = 0; l < static_cast<LinkId>(traffic.bytes.size()); ++l) {
    if (traffic.messages[l] <= 0) continue;
    p.max_link_load = std::max(p.max_link_load, traffic.bytes[l]);
    p.link_time = std::max(p.link_time, traffic.wire(l) / (fastest * machine_.link_capacity(l)));
  }
  for (std::size_t n = 0; n < out_.size(); ++n)
    p.injection_time = std::max(p.injection_time, std::max(out_[n], in_[n]) / net_.injection_bandwidth);
  p.loopback_time = largest_local_ / net_.loopback_bandwidth;
  const double network = std::max(p.link_time, p.injection_time);
  if (network > 0) p.resource_time = net_.message_overhead + shortest_offnode_ + network;
  p.network_time = std::max(p.message_time, p.resource_time);
  p.predicted_time = p.network_time;
  return p;
}

PhaseMetrics predict_phase(const TaskGraph& messages, const LinkTraffic& traffic,
                           const Allocation& allocation, const std::vector<int>& node_of_task,
                           const std::vector<double>& hidden, PhaseTiming* timing) {
  const Machine& machine = allocation.machine();
  PhaseSums sums(machine);
  // Per task, only when hidden computation or the step-by-step timing needs them (auto's objective does not):
  // when it has posted its messages, and when the last message it receives or sends lands (-1: none).
  const bool per_task = timing || !hidden.empty();
  std::vector<double> posted(per_task ? static_cast<std::size_t>(messages.num_tasks()) : 0, 0.0);
  std::vector<double> landed(posted.size(), -1.0);
  const double o = machine.network().message_overhead;
  const auto& offsets = messages.offsets();
  const auto& targets = messages.targets();
  const auto& bytes = messages.bytes();
  for (int u = 0; u < messages.num_tasks(); ++u) {
    const int nu = node_of_task[u];
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int nv = node_of_task[targets[e]];
      const std::int64_t k = e - offsets[u] + 1;
      const double lands = sums.add(nu, nv, nu == nv ? 0 : machine.hops(nu, nv), k, bytes[e]);
      if (per_task) {
        landed[targets[e]] = std::max(landed[targets[e]], lands);
        landed[u] = std::max(landed[u], lands);  // a send completes when received (header)
        posted[u] = o * static_cast<double>(k);
      }
      if (timing) {
        timing->leaves.push_back(o * static_cast<double>(k));
        timing->latency.push_back(sums.last_latency());
      }
    }
  }
  PhaseMetrics p = sums.finish(messages, traffic);
  if (timing) {
    timing->posted = posted;
    add_routes(messages, allocation, node_of_task, *timing);
  }
  if (hidden.empty()) return p;
  // The busiest resource bounds every receiver's wait: a coarse bound (a task whose messages avoid that link
  // waits less), exact when the tasks' hidden computation is the same.
  p.predicted_time = 0;
  for (std::size_t t = 0; t < posted.size(); ++t) {
    double exposed = posted[t];
    if (landed[t] >= 0) exposed = std::max(exposed, std::max(landed[t], p.resource_time) - hidden[t]);
    p.predicted_time = std::max(p.predicted_time, exposed);
  }
  return p;
}

}  // namespace tamp::impl
