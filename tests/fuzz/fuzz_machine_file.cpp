// libFuzzer target: the machine file parser, the inline machine spec, and the writer's round trip.
// Only tamp::ParseError / std::invalid_argument count as rejecting the input; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"

namespace {

// What parses must write, read back and write again to the same text. Exceptions escaping from here are
// findings.
void check_round_trip(const tamp::MachineDescription& description) {
  std::ostringstream out;
  tamp::write_machine(out, description);
  std::istringstream back(out.str());
  std::ostringstream again;
  tamp::write_machine(again, tamp::parse_machine(back, "written.machine"));
  if (again.str() != out.str()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  {
    tamp::MachineDescription d;
    try {
      std::istringstream in(text);
      d = tamp::parse_machine(in, "fuzz.machine");
    } catch (const tamp::ParseError&) {
    } catch (const std::invalid_argument&) {
    }
    if (d.machine) check_round_trip(d);
  }
  tamp::MachineDescription spec;  // the inline form of --topology synthetic:SPEC
  try {
    spec = tamp::parse_machine_spec(text);
  } catch (const std::invalid_argument&) {
  }
  if (spec.machine) check_round_trip(spec);
  return 0;
}
