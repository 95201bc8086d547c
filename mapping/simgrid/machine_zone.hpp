// A SimGrid network zone whose routes are a TAMP Machine's own routes, computed when SimGrid asks for them
// (docs/simulation.md). The XML platform lists every route between allocated routers: G(G-1) of them, so it
// stops at a few hundred routers; this zone holds one link per directed machine link and per injection
// direction, and no route table, so a whole Cray XE6 or Blue Gene loads in about a second.
#pragma once
#include <memory>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <vector>

#include "tamp/io/machine_file.hpp"
#include "tamp/io/simgrid_platform.hpp"
#include "tamp/network_parameters.hpp"

namespace tamp::sim {

class MachineZone : public simgrid::kernel::routing::NetZoneImpl {
 public:
  /// Builds the hosts of every allocated node ("node-ID", cores_per_node cores) and every link, with the
  /// machine's network figures (Machine::network()), then seals.
  /// Must be the first zone created (it becomes SimGrid's root zone).
  MachineZone(MachineDescription machine, const SimgridPlatformOptions& options);

  /// Route between two hosts of this zone: injection up, Machine::route(), injection down; a host to itself
  /// goes over its loopback link.
  void get_local_route(const simgrid::kernel::routing::NetPoint* src,
                       const simgrid::kernel::routing::NetPoint* dst, simgrid::kernel::routing::Route* into,
                       double* latency) override;

 private:
  using LinkImpl = simgrid::kernel::resource::StandardLinkImpl;
  struct HostLinks {
    LinkImpl* up = nullptr;
    LinkImpl* down = nullptr;
    LinkImpl* loopback = nullptr;
  };

  MachineDescription machine_;
  NetworkParameters net_;                 // the machine's own figures
  std::vector<int> node_of_vertex_;       // netpoint id (this zone's vertex) -> machine node, -1 for none
  std::vector<HostLinks> host_links_;     // by vertex
  std::vector<LinkImpl*> network_links_;  // by LinkId
  std::vector<LinkId> path_;              // scratch for Machine::route
};

}  // namespace tamp::sim
