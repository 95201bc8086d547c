// Predicted time of one phase: the larger of two lower bounds (LogGP-style), since the messages of a phase travel
// together. (1) Every message: a task posts its messages one after the other, each after one message overhead
// (LogP's o), in the order of its edges, so its k-th message leaves k overheads into the phase and lands its
// latency plus its own size over its bandwidth later (injection bandwidth off the node; on the node, the
// loopback, which gives every on-node message the whole bandwidth as SimGrid's cluster loopback does). (2) The
// busiest network resource (a link, or a node's injection link) carries all its bytes, starting no earlier than
// the first message can reach it: one overhead plus the shortest off-node latency. Bytes flow while later
// messages are still being posted, so the two do not add up.
#include "predict_time.hpp"

#include <algorithm>
#include <limits>

#include "tamp/network_parameters.hpp"

namespace tamp::impl {

PhaseMetrics predict_phase(const TaskGraph& messages, const std::vector<double>& loads,
                           const Allocation& allocation, const std::vector<int>& node_of_task) {
  const Machine& machine = allocation.machine();
  const NetworkParameters& net = machine.network();
  PhaseMetrics p;
  p.messages = messages.num_edges();
  p.bytes = messages.total_bytes();

  const double fastest = fastest_link_bandwidth(machine);
  for (LinkId l = 0; l < static_cast<LinkId>(loads.size()); ++l) {
    if (loads[l] <= 0) continue;
    p.max_link_load = std::max(p.max_link_load, loads[l]);
    p.link_time = std::max(p.link_time, loads[l] / (fastest * machine.link_capacity(l)));
  }

  // Per allocated node: bytes leaving, arriving, and staying on it; per message: when it lands.
  const int nodes = machine.num_nodes();
  std::vector<double> out(static_cast<std::size_t>(nodes), 0.0), in(out);
  double largest_local = 0, shortest_offnode = std::numeric_limits<double>::infinity();
  const auto& offsets = messages.offsets();
  const auto& targets = messages.targets();
  const auto& bytes = messages.bytes();
  for (int u = 0; u < messages.num_tasks(); ++u) {
    const int nu = node_of_task[u];
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int nv = node_of_task[targets[e]];
      const double leaves = net.message_overhead * static_cast<double>(e - offsets[u] + 1);
      if (nu == nv) {
        largest_local = std::max(largest_local, bytes[e]);
        p.latency_time = std::max(p.latency_time, leaves + net.loopback_latency);
        p.message_time = std::max(p.message_time, leaves + net.loopback_latency + bytes[e] / net.loopback_bandwidth);
      } else {
        out[nu] += bytes[e];
        in[nv] += bytes[e];
        const double latency = machine.hops(nu, nv) * net.link_latency + 2 * net.injection_latency;
        shortest_offnode = std::min(shortest_offnode, latency);
        p.latency_time = std::max(p.latency_time, leaves + latency);
        p.message_time = std::max(p.message_time, leaves + latency + bytes[e] / net.injection_bandwidth);
      }
    }
  }
  for (int n = 0; n < nodes; ++n)
    p.injection_time = std::max(p.injection_time, std::max(out[n], in[n]) / net.injection_bandwidth);
  p.loopback_time = largest_local / net.loopback_bandwidth;
  const double network = std::max(p.link_time, p.injection_time);
  if (network > 0) p.resource_time = net.message_overhead + shortest_offnode + network;
  p.predicted_time = std::max(p.message_time, p.resource_time);
  return p;
}

}  // namespace tamp::impl
