// The machine file (docs/file-formats.md): a network, its cores per node and optionally the job's allocation.
#pragma once
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/torus.hpp"

namespace tamp {

struct MachineDescription {
  std::string name;  // `name` key, else the file's base name
  std::shared_ptr<const Machine> machine;
  int cores_per_node = 1;
  Allocation allocation;               // the `nodes` list, or every node, in node-id order
  std::vector<std::string> hostnames;  // per allocated node; empty strings when not given
  std::vector<std::string> keys;       // the keys a machine file states (name, topology, ..., link_latency)
};

/// Parses a machine file; `source` names it in error messages ("FILE:LINE: ..."). Throws tamp::ParseError.
MachineDescription parse_machine(std::istream& in, const std::string& source);
MachineDescription read_machine_file(const std::string& path);
/// Writes `description` in the same format (round-trips through parse_machine).
void write_machine(std::ostream& out, const MachineDescription& description);

/// The inline form used by --topology synthetic:SPEC, e.g. "torus:4x4x4,cores=4,npr=2,wrap=1x1x0".
MachineDescription parse_machine_spec(const std::string& spec);

/// A machine file when `file_or_spec` names an existing file, else an inline spec (parse_machine_spec).
MachineDescription load_machine(const std::string& file_or_spec);

}  // namespace tamp
