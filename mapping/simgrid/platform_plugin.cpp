// The SimGrid platform plug-in: `smpirun -platform libtamp-simgrid-platform.so` with TAMP_PLATFORM naming a
// platform description (P.platform, written by `tamp-map platform --format plugin`). SimGrid dlopens this
// library and calls load_platform(), which builds one MachineZone for the described machine.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <simgrid/s4u/Engine.hpp>

#include "machine_zone.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/simgrid_platform.hpp"

extern "C" void load_platform(const simgrid::s4u::Engine& /*engine*/) {
  const char* path = std::getenv("TAMP_PLATFORM");
  try {
    if (path == nullptr || *path == '\0')
      throw std::invalid_argument(
          "TAMP_PLATFORM is not set: it names the platform description written by `tamp-map platform "
          "--format plugin` (P.platform)");
    const tamp::PlatformDescription description = tamp::read_platform_description(path);
    // The zone registers itself as SimGrid's root zone; SimGrid owns it from here.
    new tamp::sim::MachineZone(tamp::load_machine(description.machine), description.options);
  } catch (const std::exception& e) {
    // Called from SimGrid's loader: an exception would end in std::terminate with no message.
    std::fprintf(stderr, "tamp platform: error: %s\n", e.what());
    std::exit(1);
  }
}
