// SimGrid platform generator: the simulated machine of a TAMP machine description (docs/simulation.md).
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "tamp/io/machine_file.hpp"
#include "tamp/network_parameters.hpp"

namespace tamp {

/// What a platform needs beyond the machine: the network's figures (bandwidths, latencies) are the machine's own
/// (Machine::network(), the machine file's network keys: docs/machines.md), so the simulated platform and the
/// predicted time of evaluate() read one source.
struct SimgridPlatformOptions {
  double host_speed = 1e9;  // flop/s; run smpirun with --cfg=smpi/host-speed equal to it
  int max_routes = 200000;  // refuse XML platforms with more explicit routes than this
};
std::ostream& operator<<(std::ostream& os, const SimgridPlatformOptions& options);

/// The smpirun options that make SMPI simulate the machine's own figures (written as P.smpirun by
/// `tamp-map platform`): the host speed, SMPI's bandwidth and latency correction factors at 1 (its defaults are
/// calibrated on an Ethernet cluster and would scale every link), and the machine's message_overhead as SMPI's
/// per-message send overhead (smpi/os), which is what the predicted time of evaluate() charges per message.
std::vector<std::string> simgrid_smpirun_options(const Machine& machine, const SimgridPlatformOptions& options);

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

/// What the platform plug-in (libtamp-simgrid-platform.so) builds: a machine file (its network figures
/// included) and the host speed. Written as P.platform by `tamp-map platform --format plugin`
/// (docs/file-formats.md).
struct PlatformDescription {
  std::string machine;  // path of the machine file (relative paths are resolved against the description's folder)
  SimgridPlatformOptions options;
};
/// `key value` lines: `machine PATH`, `host_speed F`.
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
