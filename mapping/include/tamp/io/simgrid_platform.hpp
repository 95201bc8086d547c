// SimGrid platform generator: the simulated machine of a TAMP machine description (docs/simulation.md).
#pragma once
#include <iosfwd>
#include <string>

#include "tamp/io/machine_file.hpp"
#include "tamp/network_parameters.hpp"

namespace tamp {

/// The physical figures a machine file does not hold. Defaults are Cray Gemini-like (docs/simulation.md).
struct SimgridPlatformOptions {
  // The network's figures come from NetworkParameters, the defaults the predicted time of evaluate() uses
  // too.
  double link_bandwidth =
      NetworkParameters{}.link_bandwidth;  // bytes/s of the fastest link (machine file's wins)
  double link_latency = NetworkParameters{}.link_latency;                // s per router-to-router link
  double injection_bandwidth = NetworkParameters{}.injection_bandwidth;  // bytes/s node <-> its router
  double injection_latency = NetworkParameters{}.injection_latency;      // s node <-> its router
  double loopback_bandwidth = NetworkParameters{}.loopback_bandwidth;    // bytes/s between ranks of one node
  double loopback_latency = NetworkParameters{}.loopback_latency;        // s between ranks of one node
  double host_speed = 1e9;  // flop/s; run smpirun with --cfg=smpi/host-speed equal to it
  int max_routes = 200000;  // refuse platforms with more explicit routes than this
};
std::ostream& operator<<(std::ostream& os, const SimgridPlatformOptions& options);

/// Host name of machine node `node` in generated platforms: "node-ID".
std::string simgrid_host_name(int node);

/// Writes the SimGrid (XML, version 4.1) platform of the allocated nodes of `machine`: one host per allocated
/// node
/// ("node-ID", cores_per_node cores), grouped into one cluster zone per router (nodes 0 hops apart), one
/// SimGrid link per directed network link, and an explicit route between every pair of routers that is the
/// machine's own route (so dimension order and tie-breaking are TAMP's exactly). Throws std::invalid_argument
/// when the machine cannot be represented (no allocation, nodes with different core counts, too many routes).
void write_simgrid_platform(std::ostream& out, const MachineDescription& machine,
                            const SimgridPlatformOptions& options = {});

/// Bandwidth in bytes/s of the machine's fastest link: its machine file's link_bandwidth when it has one, else
/// options.link_bandwidth. A link's bandwidth is this times Machine::link_capacity().
double simgrid_fastest_link(const MachineDescription& machine, const SimgridPlatformOptions& options);

/// What the platform plug-in (libtamp-simgrid-platform.so) builds: a machine file and the physical figures.
/// Written as P.platform by `tamp-map platform --format plugin` (docs/file-formats.md).
struct PlatformDescription {
  std::string machine;  // path of the machine file (relative paths are resolved against the description's folder)
  SimgridPlatformOptions options;
};
/// `key value` lines: `machine PATH`, then each figure of SimgridPlatformOptions (max_routes excepted).
void write_platform_description(std::ostream& out, const std::string& machine_path,
                                const SimgridPlatformOptions& options);
/// Parses a description; throws tamp::ParseError naming `source` and the line on a bad or missing key. The
/// machine path is returned as written.
PlatformDescription parse_platform_description(std::istream& in, const std::string& source);
/// Reads the description file `path`; a relative machine path is resolved against the file's folder.
PlatformDescription read_platform_description(const std::string& path);

/// The hostfile of launcher order for `ranks` ranks: line r names the host of allocation slot r.
void write_simgrid_hostfile(std::ostream& out, const MachineDescription& machine, int ranks);

}  // namespace tamp
