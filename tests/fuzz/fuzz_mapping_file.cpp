// libFuzzer target: mapping files, then every launcher writer on what parses.
// Only tamp::ParseError / std::invalid_argument count as rejecting the input; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/mapping_file.hpp"

namespace {

// 12 allocated nodes of 2 cores (24 slots) on a 4x2x2 torus with 2 nodes per router; some nodes have host
// names.
const tamp::MachineDescription& machine() {
  static const tamp::MachineDescription d = [] {
    std::istringstream in(
        "dims 4 2 2\nnodes_per_router 2\ncores_per_node 2\nnodes 12\n0 0 0 0 a\n1 0 0 1 b\n2 0 0\n3 0 0 1\n"
        "0 1 0 c\n1 1 0\n2 1 0 1 d\n3 1 0\n0 0 1\n1 0 1 1 e\n2 1 1\n3 1 1 1 f\n");
    return tamp::parse_machine(in, "fuzz.machine");
  }();
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const tamp::MachineDescription& d = machine();
  tamp::Mapping mapping;
  try {
    std::istringstream in(text);
    mapping = tamp::parse_mapping(in, "fuzz.map", d.allocation.num_slots());
  } catch (const tamp::ParseError&) {
    return 0;
  } catch (const std::invalid_argument&) {
    return 0;
  }
  for (const char* format : {"slots", "cray", "openmpi", "slurm", "bluegene", "simgrid"}) {
    const tamp::MappingFormat f = tamp::parse_mapping_format(format);
    std::ostringstream out;
    try {
      tamp::write_mapping(out, mapping, d, f);
    } catch (const std::invalid_argument&) {
      // Only these two formats cannot express every mapping (holes / several tasks per slot).
      if (f != tamp::MappingFormat::cray_rank_order && f != tamp::MappingFormat::bluegene_mapfile)
        std::abort();
      continue;
    }
    if (f == tamp::MappingFormat::slots) {
      std::istringstream back(out.str());
      if (tamp::parse_mapping(back, "written.map", d.allocation.num_slots()).slots() != mapping.slots())
        std::abort();
    }
  }
  return 0;
}
