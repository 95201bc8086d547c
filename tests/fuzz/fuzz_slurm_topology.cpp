// libFuzzer target: Slurm's topology.conf parser and hostlist expressions; what parses must be written as a
// machine file and read back to the same text. Only tamp::ParseError / std::invalid_argument count as
// rejecting the input; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/slurm_topology.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tamp::MachineDescription d;
  try {
    std::istringstream in(text);
    d = tamp::parse_slurm_topology(in, "fuzz.conf", 2);
  } catch (const tamp::ParseError&) {
  } catch (const std::invalid_argument&) {
  }
  if (d.machine) {
    // Host names that cannot be written (numbers) are a known refusal of write_machine, not a finding.
    std::ostringstream out;
    try {
      tamp::write_machine(out, d);
    } catch (const std::invalid_argument&) {
      return 0;
    }
    std::istringstream back(out.str());
    std::ostringstream again;
    tamp::write_machine(again, tamp::parse_machine(back, "written.machine"));
    if (again.str() != out.str()) std::abort();
  }
  try {
    tamp::expand_hostlist(text.substr(0, text.find('\n')), "SLURM_JOB_NODELIST");
  } catch (const tamp::ParseError&) {
  }
  return 0;
}
