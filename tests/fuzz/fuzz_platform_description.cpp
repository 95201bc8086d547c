// libFuzzer target: SimGrid platform descriptions (P.platform); what parses is written and read back
// unchanged. Only tamp::ParseError / std::invalid_argument count as rejecting the input; anything else is a
// finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/simgrid_platform.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tamp::PlatformDescription d;
  try {
    std::istringstream in(text);
    d = tamp::parse_platform_description(in, "fuzz.platform");
  } catch (const tamp::ParseError&) {
    return 0;
  } catch (const std::invalid_argument&) {
    return 0;
  }
  // A machine path with blanks or '#' cannot be written back as one token: such inputs do not parse above.
  std::ostringstream out;
  tamp::write_platform_description(out, d.machine, d.options);
  std::istringstream back(out.str());
  const tamp::PlatformDescription again = tamp::parse_platform_description(back, "written.platform");
  const tamp::SimgridPlatformOptions& a = d.options;
  const tamp::SimgridPlatformOptions& b = again.options;
  if (again.machine != d.machine || a.link_bandwidth != b.link_bandwidth ||
      a.link_latency != b.link_latency || a.injection_bandwidth != b.injection_bandwidth ||
      a.injection_latency != b.injection_latency || a.loopback_bandwidth != b.loopback_bandwidth ||
      a.loopback_latency != b.loopback_latency || a.host_speed != b.host_speed)
    std::abort();
  return 0;
}
