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
  if (again.machine != d.machine || again.options.host_speed != d.options.host_speed) std::abort();
  return 0;
}
