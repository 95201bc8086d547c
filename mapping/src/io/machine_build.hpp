// Checks shared by the machine file and the inline machine spec. Each throws std::invalid_argument with a
// message that says what is wrong; the callers add where (FILE:LINE for files, the spec text for specs).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tamp/io/machine_file.hpp"
#include "tamp/torus.hpp"

namespace tamp::impl {

/// "torus" -> false, "mesh" -> true; "fattree"/"dragonfly" are "not supported yet"; anything else is unknown.
bool parse_topology_is_mesh(std::string_view word);
/// Router counts per dimension: 1..kMaxDims positive integers.
std::vector<int> parse_dims(const std::vector<std::string_view>& tokens);
/// One 0/1 flag per token.
std::vector<bool> parse_wrap(const std::vector<std::string_view>& tokens);
/// One finite positive bandwidth per token.
std::vector<double> parse_bandwidth(const std::vector<std::string_view>& tokens);
int parse_nodes_per_router(std::string_view token);
int parse_cores_per_node(std::string_view token);

/// Checks the per-dimension lists against dims (wrap count; a mesh cannot wrap; bandwidth count).
void check_wrap(const std::vector<bool>& wrap, std::size_t num_dims, bool mesh);
void check_bandwidth(const std::vector<double>& bandwidth, std::size_t num_dims);
/// Number of nodes of the machine; throws above kMaxMachineNodes.
std::int64_t count_machine_nodes(const std::vector<int>& dims, int nodes_per_router);
/// Throws when `nodes` allocated nodes of `cores` cores exceed kMaxSlots.
void check_slot_count(std::int64_t nodes, int cores);

/// The torus (wrap empty: the topology's default).
std::shared_ptr<const Torus> make_torus(const std::vector<int>& dims, std::vector<bool> wrap, bool mesh,
                                        int nodes_per_router, std::vector<double> bandwidth);

/// Assembles a description; `nodes` empty means the whole machine in node-id order. `hostnames` is empty or
/// one per allocated node.
MachineDescription make_description(std::string name, std::shared_ptr<const Torus> torus, int cores_per_node,
                                    std::vector<int> nodes, std::vector<std::string> hostnames);

}  // namespace tamp::impl
