// file:MACHINEFILE and simgrid[:MACHINEFILE] (a machine file, or an inline spec): each rank's host name picks
// its node in the allocation (by the node's hostname, or "node-ID" — the hosts of the SimGrid platforms TAMP
// generates).
#include <stdexcept>

#include "sources.hpp"

namespace tamp::discovery::impl {

JobLayout file_source(const SourceInput& in) {
  return place_by_host(load_machine(in.argument), in, "file:" + in.argument);
}

JobLayout simgrid_source(const SourceInput& in) {
  const std::string path = in.argument.empty() ? env_or_empty(in.env, "TAMP_SIMGRID_MACHINE") : in.argument;
  if (path.empty()) {
    throw std::invalid_argument(
        "topology source 'simgrid' needs the platform's machine file: simgrid:MACHINEFILE or "
        "$TAMP_SIMGRID_MACHINE");
  }
  return place_by_host(load_machine(path), in, "simgrid:" + path);
}

}  // namespace tamp::discovery::impl
