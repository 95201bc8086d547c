// tamp-map platform: the SimGrid simulated machine of a machine file (docs/simulation.md).
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "tamp/io/simgrid_platform.hpp"

namespace tamp::tools {

struct PlatformArgs {
  std::string machine;  // machine file or inline spec
  std::string out;      // P.xml or P.platform; the machine file and hostfile are written beside it
  std::string format = "xml";  // xml: routes written out | plugin: a description for libtamp-simgrid-platform.so
  std::optional<int> ranks;    // hostfile lines (not given: every slot of the allocation)
  SimgridPlatformOptions options;
  // Figures that replace the machine file's network figures (docs/machines.md) in P.machine and the platform.
  std::optional<double> link_bandwidth, link_latency, injection_bandwidth, injection_latency, loopback_bandwidth,
      loopback_latency, message_overhead;
};

void add_platform_command(CLI::App& app, PlatformArgs& args);
int run_platform(const PlatformArgs& args);

}  // namespace tamp::tools
