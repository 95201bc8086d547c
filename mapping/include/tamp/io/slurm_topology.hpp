// Slurm's topology.conf (switch tree of a fat-tree cluster) and Slurm hostlist expressions.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "tamp/io/machine_file.hpp"

namespace tamp {

/// Parses a Slurm topology.conf ("SwitchName=s1 Switches=s[2-3]", "SwitchName=s2 Nodes=nid[001-016]", `#`
/// comments, optional LinkSpeed=) into a fat-tree machine whose allocation is every listed node, in the order
/// listed, with their host names; `cores_per_node` is given by the caller (topology.conf has no cores).
/// Throws tamp::ParseError ("SOURCE:LINE: ...") on malformed lines, unknown or repeated switches, cycles,
/// several roots that are not joined, and nodes under two leaf switches.
MachineDescription parse_slurm_topology(std::istream& in, const std::string& source, int cores_per_node);
MachineDescription read_slurm_topology(const std::string& path, int cores_per_node);

/// Expands a Slurm hostlist expression in order: "nid[001-003,7],login1" -> nid001 nid002 nid003 nid007 login1
/// (zero padding kept; several bracket groups in one name allowed). Throws tamp::ParseError naming `source`.
std::vector<std::string> expand_hostlist(const std::string& expression, const std::string& source);

}  // namespace tamp
