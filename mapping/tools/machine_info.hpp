// tamp-map machine: what scripts need to know of a machine file or spec (the allocation's nodes, cores per
// node, slots, link figures), read by the library's parser and printed as JSON, so that no script reads the
// file.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

namespace tamp::tools {

struct MachineInfoArgs {
  std::string machine;  // machine file or inline spec
};

void add_machine_info_command(CLI::App& app, MachineInfoArgs& args);
/// Prints {"name": ..., "machine": describe(), "cores_per_node": C, "nodes": N, "slots": S, "keys": [the keys
/// the file states], "network": {"link_latency": s, "injection_bandwidth": B/s, "fastest_link_bandwidth":
/// B/s}} on stdout (N, S: the allocation's nodes and processor slots; the figures are the file's or the
/// defaults, "keys" says which); returns 0. A machine that does not parse throws.
int run_machine_info(const MachineInfoArgs& args);

}  // namespace tamp::tools
