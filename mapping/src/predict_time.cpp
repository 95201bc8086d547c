// Predicted time of one phase (Hockney's latency + size / bandwidth, per phase): messages of a phase travel
// together, so the phase lasts its slowest message's latency plus the software cost of the busiest sender's
// messages, plus as long as its busiest resource needs to carry its bytes (a network link, a node's injection
// link, or the largest on-node message: a node's loopback gives every on-node message the whole bandwidth, as
// SimGrid's cluster loopback does, so it is not a shared resource).
#include "predict_time.hpp"

#include <algorithm>

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

  // Per allocated node: bytes leaving, arriving, and staying on it; per task: messages sent.
  const int nodes = machine.num_nodes();
  std::vector<double> out(static_cast<std::size_t>(nodes), 0.0), in(out);
  double slowest = 0, largest_local = 0;
  std::int64_t busiest_sender = 0;
  const auto& offsets = messages.offsets();
  const auto& targets = messages.targets();
  const auto& bytes = messages.bytes();
  for (int u = 0; u < messages.num_tasks(); ++u) {
    busiest_sender = std::max(busiest_sender, offsets[u + 1] - offsets[u]);
    const int nu = node_of_task[u];
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int nv = node_of_task[targets[e]];
      if (nu == nv) {
        largest_local = std::max(largest_local, bytes[e]);
        slowest = std::max(slowest, net.loopback_latency);
      } else {
        out[nu] += bytes[e];
        in[nv] += bytes[e];
        slowest = std::max(slowest, machine.hops(nu, nv) * net.link_latency + 2 * net.injection_latency);
      }
    }
  }
  for (int n = 0; n < nodes; ++n)
    p.injection_time = std::max(p.injection_time, std::max(out[n], in[n]) / net.injection_bandwidth);
  p.loopback_time = largest_local / net.loopback_bandwidth;
  if (p.messages > 0) p.latency_time = slowest + net.message_overhead * static_cast<double>(busiest_sender);
  p.predicted_time = p.latency_time + std::max({p.link_time, p.injection_time, p.loopback_time});
  return p;
}

}  // namespace tamp::impl
