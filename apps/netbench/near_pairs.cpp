// Nearest pairs first by hop count on the job's machine (any kind of machine: only hops() is needed).
#include "near_pairs.hpp"

namespace tamp::netbench {

std::vector<int> nearest_pairs(const Allocation& job) {
  const Machine& machine = job.machine();
  const int tasks = job.num_slots();
  std::vector<int> partner(tasks, -1);
  for (int h = 0; h <= machine.diameter(); ++h) {
    for (int t = 0; t < tasks; ++t) {
      if (partner[t] >= 0) continue;
      const int node = job.machine_node_of_slot(t);
      // Tasks below t were offered t already at this h, so only those above can still pair with it.
      for (int u = t + 1; u < tasks; ++u) {
        const int other = job.machine_node_of_slot(u);
        if (partner[u] < 0 && other != node && machine.hops(node, other) == h) {
          partner[t] = u;
          partner[u] = t;
          break;
        }
      }
    }
  }
  return partner;
}

}  // namespace tamp::netbench
