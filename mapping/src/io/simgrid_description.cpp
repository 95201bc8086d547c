// P.platform: the description the SimGrid platform plug-in reads (a machine file and the host speed).
#include <filesystem>
#include <fstream>
#include <ostream>

#include "tamp/error.hpp"
#include "tamp/io/simgrid_platform.hpp"
#include "tamp/network_parameters.hpp"
#include "text_util.hpp"

namespace tamp {

void write_platform_description(std::ostream& out, const std::string& machine_path,
                                const SimgridPlatformOptions& options) {
  check_range(options.host_speed, kHostSpeedRange, "SimGrid platform: the host speed");
  out << "# TAMP platform description: smpirun -platform libtamp-simgrid-platform.so with "
         "TAMP_PLATFORM=<this "
         "file>\n# The network's figures are the machine file's (docs/machines.md).\n"
      << "machine " << machine_path << "\nhost_speed " << impl::format_double(options.host_speed) << '\n';
}

PlatformDescription parse_platform_description(std::istream& in, const std::string& source) {
  impl::LineReader reader(in, source);
  PlatformDescription d;
  std::string line;
  while (reader.next(line)) {
    const auto tokens = impl::split_tokens(impl::strip_comment(line, '#'));
    if (tokens.empty()) continue;
    if (tokens.size() != 2) reader.fail("expected `key value`");
    if (tokens[0] == "machine") {
      d.machine = std::string(tokens[1]);
    } else if (tokens[0] == "host_speed") {
      if (!impl::parse_double(tokens[1], d.options.host_speed))
        reader.fail("host_speed must be a number (flop/s)");
      try {
        check_range(d.options.host_speed, kHostSpeedRange, "host_speed");
      } catch (const std::invalid_argument& e) {
        reader.fail(e.what());
      }
    } else {
      reader.fail("unknown key " + impl::quoted(tokens[0]) + " (machine, host_speed)");
    }
  }
  if (d.machine.empty()) reader.fail("no `machine` line");
  return d;
}

PlatformDescription read_platform_description(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("platform description '" + path + "': cannot open");
  PlatformDescription d = parse_platform_description(in, path);
  const std::filesystem::path machine(d.machine);
  if (machine.is_relative()) d.machine = (std::filesystem::path(path).parent_path() / machine).string();
  return d;
}

}  // namespace tamp
