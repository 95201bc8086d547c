// P.platform: the description the SimGrid platform plug-in reads (a machine file and the physical figures).
#include <filesystem>
#include <fstream>
#include <ostream>

#include "tamp/error.hpp"
#include "tamp/io/simgrid_platform.hpp"
#include "text_util.hpp"

namespace tamp {

namespace {

struct Figure {
  const char* key;
  double SimgridPlatformOptions::*field;
  bool positive;  // bandwidths and speed > 0; latencies >= 0
};
constexpr Figure kFigures[] = {
    {"link_bandwidth", &SimgridPlatformOptions::link_bandwidth, true},
    {"link_latency", &SimgridPlatformOptions::link_latency, false},
    {"injection_bandwidth", &SimgridPlatformOptions::injection_bandwidth, true},
    {"injection_latency", &SimgridPlatformOptions::injection_latency, false},
    {"loopback_bandwidth", &SimgridPlatformOptions::loopback_bandwidth, true},
    {"loopback_latency", &SimgridPlatformOptions::loopback_latency, false},
    {"host_speed", &SimgridPlatformOptions::host_speed, true},
};

}  // namespace

void write_platform_description(std::ostream& out, const std::string& machine_path,
                                const SimgridPlatformOptions& options) {
  for (const Figure& f : kFigures) {
    const double value = options.*f.field;
    if (f.positive ? !(value > 0) : !(value >= 0))
      throw std::invalid_argument(std::string("SimGrid platform: ") + f.key +
                                  (f.positive ? " must be positive" : " cannot be negative"));
  }
  out << "# TAMP platform description: smpirun -platform libtamp-simgrid-platform.so with "
         "TAMP_PLATFORM=<this "
         "file>\n"
      << "machine " << machine_path << '\n';
  for (const Figure& f : kFigures) out << f.key << ' ' << impl::format_double(options.*f.field) << '\n';
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
      continue;
    }
    const Figure* figure = nullptr;
    for (const Figure& f : kFigures)
      if (tokens[0] == f.key) figure = &f;
    if (figure == nullptr) reader.fail("unknown key " + impl::quoted(tokens[0]));
    double value = 0;
    if (!impl::parse_double(tokens[1], value) || (figure->positive ? !(value > 0) : !(value >= 0)))
      reader.fail(std::string(figure->key) +
                  (figure->positive ? " must be a positive number" : " must be a number >= 0"));
    d.options.*figure->field = value;
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
