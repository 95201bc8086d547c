// SimGrid platform generator. The routes are written out one by one from Machine::route(), so the simulated
// network follows TAMP's routing exactly: SimGrid's own TORUS cluster differs on ties, on nodes per router,
// on per-dimension bandwidth and on meshes (docs/simulation.md).
#include "tamp/io/simgrid_platform.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <set>
#include <vector>

#include "tamp/error.hpp"
#include "tamp/text.hpp"
#include "tamp/torus.hpp"

namespace tamp {

namespace {

// Numbers with their unit, written so SimGrid's unit parser reads them back exactly.
std::string with_unit(double value, const char* unit) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g%s", value, unit);
  return buf;
}
std::string bandwidth(double bytes_per_s) {
  return with_unit(bytes_per_s, "Bps");
}
std::string latency(double seconds) {
  return with_unit(seconds * 1e9, "ns");
}

// Text inside an XML comment cannot hold "--".
std::string comment_text(std::string text) {
  for (auto at = text.find("--"); at != std::string::npos; at = text.find("--", at))
    text.replace(at, 2, "- -");
  return text;
}

// Allocated nodes grouped by router: nodes 0 hops apart share every route. Groups in order of first
// appearance, nodes of a group in increasing id order.
std::vector<std::vector<int>> router_groups(const MachineDescription& d) {
  const Machine& m = *d.machine;
  std::vector<std::vector<int>> groups;
  for (int node : d.allocation.nodes()) {
    auto same = std::find_if(groups.begin(), groups.end(),
                             [&](const std::vector<int>& g) { return m.hops(g.front(), node) == 0; });
    if (same == groups.end())
      groups.push_back({node});
    else
      same->push_back(node);
  }
  for (auto& g : groups) std::sort(g.begin(), g.end());
  return groups;
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const SimgridPlatformOptions& o) {
  return os << "host speed " << with_unit(o.host_speed, "f") << ", at most " << o.max_routes << " routes";
}

std::vector<std::string> simgrid_smpirun_options(const Machine& machine, const SimgridPlatformOptions& o) {
  const NetworkParameters& net = machine.network();
  // SMPI charges smpi/os to detached (eager) and synchronous sends, smpi/ois to MPI_Isend (what the apps post);
  // with every send waiting for its receive (SMPI_CONFIG), a blocking MPI_Send pays neither.
  const std::string overhead = "0:" + with_unit(net.message_overhead, "") + ":0";
  // How links are shared (docs/simulation.md, "How links are shared"): no TCP-like penalty per byte of route
  // (weight-S) and no acknowledgement traffic on the reverse route (crosstraffic): HPC interconnects have
  // neither; what remains, a share in inverse proportion to the route's latency, is the flow engine's rule too.
  return {"--cfg=smpi/host-speed:" + with_unit(o.host_speed, "f"),
          "--cfg=smpi/bw-factor:0:1",
          "--cfg=smpi/lat-factor:0:1",
          "--cfg=smpi/os:" + overhead,
          "--cfg=smpi/ois:" + overhead,
          "--cfg=network/weight-S:0",
          "--cfg=network/crosstraffic:0"};
}

std::string simgrid_host_name(int node) {
  return "node-" + std::to_string(node);
}

void write_simgrid_platform(std::ostream& out, const MachineDescription& d, const SimgridPlatformOptions& o) {
  require(d.machine != nullptr, "SimGrid platform: no machine");
  require(d.allocation.num_nodes() > 0 && &d.allocation.machine() == d.machine.get(),
          "SimGrid platform: the machine has no allocation of its own");
  check_range(o.host_speed, kHostSpeedRange, "SimGrid platform: the host speed");
  const Machine& m = *d.machine;
  const NetworkParameters& net = m.network();
  validate(net);
  const std::vector<std::vector<int>> groups = router_groups(d);
  const double routes = static_cast<double>(groups.size()) * static_cast<double>(groups.size() - 1);
  if (routes > o.max_routes)
    throw std::invalid_argument("SimGrid platform: " + std::to_string(groups.size()) +
                                " allocated routers need " + with_unit(routes, "") +
                                " explicit routes, more than the limit of " + std::to_string(o.max_routes) +
                                "; allocate fewer routers");

  // Every route between two routers, and the links they use.
  std::map<std::pair<std::size_t, std::size_t>, std::vector<LinkId>> route_of;
  std::set<LinkId> used;
  std::vector<LinkId> path;
  for (std::size_t a = 0; a < groups.size(); ++a)
    for (std::size_t b = 0; b < groups.size(); ++b) {
      if (a == b) continue;
      m.route(groups[a].front(), groups[b].front(), path);
      require(!path.empty(), "SimGrid platform: nodes " + std::to_string(groups[a].front()) + " and " +
                                 std::to_string(groups[b].front()) +
                                 " are on different routers but 0 hops apart");
      used.insert(path.begin(), path.end());
      route_of.emplace(std::make_pair(a, b), path);
    }

  const double fastest = fastest_link_bandwidth(m);
  const auto zone = [&](std::size_t g) { return "router-of-" + simgrid_host_name(groups[g].front()); };
  out << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      << "<!-- Generated by tamp (write_simgrid_platform) from machine '" << comment_text(d.name)
      << "': " << comment_text(m.describe()) << ", " << d.allocation.num_nodes() << " allocated nodes on "
      << groups.size() << " routers. -->\n"
      << "<platform version=\"4.1\">\n<zone id=\"tamp-machine\" routing=\"Full\">\n";
  // One cluster per router: its nodes, each with a private (injection) link to the router, and a loopback.
  for (std::size_t g = 0; g < groups.size(); ++g)
    out << "  <cluster id=\"" << zone(g) << "\" prefix=\"node-\" suffix=\"\" radical=\"" << ranges_text(groups[g])
        << "\" speed=\"" << with_unit(o.host_speed, "f") << "\" core=\"" << d.allocation.max_cores_per_node()
        << "\" bw=\"" << bandwidth(net.injection_bandwidth) << "\" lat=\"" << latency(net.injection_latency)
        << "\" loopback_bw=\"" << bandwidth(net.loopback_bandwidth) << "\" loopback_lat=\""
        << latency(net.loopback_latency) << "\" router_id=\"" << zone(g) << "-gw\"/>\n";
  // TAMP's links are directed: one SimGrid link each, so the two directions of a cable do not share
  // bandwidth.
  for (LinkId l : used)
    out << "  <link id=\"link-" << l << "\" bandwidth=\"" << bandwidth(fastest * m.link_capacity(l))
        << "\" latency=\"" << latency(net.link_latency) << "\"/>\n";
  for (const auto& [ends, links] : route_of) {
    out << "  <zoneRoute src=\"" << zone(ends.first) << "\" dst=\"" << zone(ends.second) << "\" gw_src=\""
        << zone(ends.first) << "-gw\" gw_dst=\"" << zone(ends.second) << "-gw\" symmetrical=\"NO\">";
    for (LinkId l : links) out << "<link_ctn id=\"link-" << l << "\"/>";
    out << "</zoneRoute>\n";
  }
  out << "</zone>\n</platform>\n";
}

void write_simgrid_hostfile(std::ostream& out, const MachineDescription& d, int ranks) {
  require(ranks > 0 && ranks <= d.allocation.num_slots(),
          "SimGrid hostfile: " + std::to_string(ranks) + " ranks for an allocation of " +
              std::to_string(d.allocation.num_slots()) + " slots");
  for (int r = 0; r < ranks; ++r) out << simgrid_host_name(d.allocation.machine_node_of_slot(r)) << '\n';
}

}  // namespace tamp
