// Checks shared by the machine file and the inline machine spec. Each throws std::invalid_argument with a
// message that says what is wrong; the callers add where (FILE:LINE for files, the spec text for specs).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/text_util.hpp"
#include "tamp/dragonfly.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/torus.hpp"

namespace tamp::impl {

enum class Topology { kTorus, kMesh, kFatTree, kDragonfly };
/// "torus", "mesh", "fattree", "dragonfly"; anything else is unknown.
Topology parse_topology(std::string_view word);
const char* topology_name(Topology topology);
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

/// A k-ary n-tree (nodes_per_leaf 0: arity); throws above kMaxMachineNodes.
std::shared_ptr<const FatTree> make_kary_fat_tree(int arity, int levels, int nodes_per_leaf,
                                                  std::vector<double> bandwidth);
/// A dragonfly; throws above kMaxMachineNodes.
std::shared_ptr<const Dragonfly> make_dragonfly(int groups, std::vector<int> group_dims, int global_links,
                                                int nodes_per_router, std::vector<double> bandwidth);
/// One `switch NAME PARENT NODES [BANDWIDTH]` line of a machine file.
struct SwitchEntry {
  std::string name, parent;  // parent "-": the root
  int nodes = 0;
  double bandwidth = 0;  // 0: not given (taken as the fastest)
  long line = 0;
};
/// The switch tree of the entries (`index` maps names to entries); throws tamp::ParseError through `reader`
/// at the offending line (an unknown parent, too many nodes) or at `first_line` (cycles, several roots).
std::shared_ptr<const FatTree> make_switch_tree(const std::vector<SwitchEntry>& entries,
                                                const std::unordered_map<std::string, int>& index,
                                                const LineReader& reader, long first_line);

/// A positive integer (a size) in [1, kMaxMachineNodes].
int parse_size(std::string_view token, std::string_view what);

/// Node lines address nodes by Machine::coordinate_extents() and Machine::node_at(); this is the inverse:
/// the numeric coordinates of a node (without the index on its router).
std::vector<int> coordinates_of_node(const Machine& machine, int node);

/// Assembles a description; `nodes` empty means the whole machine in node-id order. `hostnames` is empty or
/// one per allocated node.
MachineDescription make_description(std::string name, std::shared_ptr<const Machine> machine,
                                    int cores_per_node, std::vector<int> nodes,
                                    std::vector<std::string> hostnames);

}  // namespace tamp::impl
