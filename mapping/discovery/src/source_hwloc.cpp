// hwloc: the last resort. One node, its cores from hwloc, no network: every hop count is zero, and the report
// says so (docs/user-guide.md, "Topology sources").
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "sources.hpp"
#include "tamp/torus.hpp"

namespace tamp::discovery::impl {

JobLayout hwloc_source(const SourceInput& in) {
  std::set<std::string> hosts;
  int cores = 0;
  for (const auto& r : in.ranks) {
    hosts.insert(r.host);
    cores = std::max(cores, r.binding.node_cores);
  }
  if (hosts.size() > 1) {
    throw std::invalid_argument(
        fmt::format("hwloc: the ranks run on {} hosts ({}, {}, ...), but hwloc describes one node and no "
                    "network: give the "
                    "network with --topology file:MACHINEFILE or slurm",
                    hosts.size(), *hosts.begin(), *std::next(hosts.begin())));
  }
  MachineDescription machine;
  machine.name = "hwloc";
  machine.machine = std::make_shared<Torus>(TorusSpec{{1}, {false}, 1, {}});
  // Oversubscribed nodes still get a slot per rank; the warning says what happened.
  machine.cores_per_node = std::max(cores, static_cast<int>(in.ranks.size()));
  machine.allocation = Allocation(machine.machine, {0}, machine.cores_per_node);
  machine.hostnames = {*hosts.begin()};
  JobLayout p = place_by_host(std::move(machine), in, "hwloc");
  p.note = "hwloc only: one node and no network topology (every hop count is 0)";
  return p;
}

}  // namespace tamp::discovery::impl
