// Machine-file support for every model: builders with the size limits, and the coordinates of node lines.
#include <algorithm>
#include <stdexcept>

#include "io/machine_build.hpp"
#include "io/text_util.hpp"

namespace tamp::impl {

namespace {

void check_node_limit(std::int64_t nodes) {
  if (nodes > kMaxMachineNodes)
    throw std::invalid_argument("machine too large: more than " + std::to_string(kMaxMachineNodes) +
                                " nodes");
}

}  // namespace

int parse_size(std::string_view token, std::string_view what) {
  return static_cast<int>(int_in_range(token, what, 1, kMaxMachineNodes));
}

std::shared_ptr<const FatTree> make_kary_fat_tree(int arity, int levels, int nodes_per_leaf,
                                                  std::vector<double> bandwidth) {
  if (arity < 2) throw std::invalid_argument("arity must be >= 2");
  if (levels > 64) throw std::invalid_argument("levels must be <= 64");
  std::int64_t nodes = nodes_per_leaf ? nodes_per_leaf : arity;
  for (int l = 1; l < levels; ++l) {
    nodes *= arity;  // both factors <= 2^26, checked every step: no overflow
    check_node_limit(nodes);
  }
  check_node_limit(nodes);
  if (!bandwidth.empty() && static_cast<int>(bandwidth.size()) != levels - 1)
    throw std::invalid_argument("link_bandwidth has " + std::to_string(bandwidth.size()) + " values for " +
                                std::to_string(levels - 1) + " link levels (levels - 1)");
  FatTreeSpec spec;
  spec.arity = arity;
  spec.levels = levels;
  spec.nodes_per_leaf = nodes_per_leaf;
  spec.link_bandwidth = std::move(bandwidth);
  return std::make_shared<const FatTree>(std::move(spec));
}

std::shared_ptr<const Dragonfly> make_dragonfly(int groups, std::vector<int> group_dims, int global_links,
                                                int nodes_per_router, std::vector<double> bandwidth) {
  std::int64_t nodes = std::int64_t{groups} * nodes_per_router;
  check_node_limit(nodes);
  for (int n : group_dims) {
    nodes *= n;
    check_node_limit(nodes);
  }
  if (!bandwidth.empty() && bandwidth.size() != group_dims.size() + 1)
    throw std::invalid_argument("link_bandwidth has " + std::to_string(bandwidth.size()) +
                                " values; expected " + std::to_string(group_dims.size() + 1) +
                                " (one per group dimension, then global)");
  DragonflySpec spec;
  spec.groups = groups;
  spec.group_dims = std::move(group_dims);
  spec.global_links = global_links;
  spec.nodes_per_router = nodes_per_router;
  spec.link_bandwidth = std::move(bandwidth);
  return std::make_shared<const Dragonfly>(std::move(spec));
}

std::shared_ptr<const FatTree> make_switch_tree(const std::vector<SwitchEntry>& entries,
                                                const std::unordered_map<std::string, int>& index,
                                                const LineReader& reader, long first_line) {
  SwitchTreeSpec spec;
  double fastest = 0;
  std::int64_t nodes = 0;
  for (const SwitchEntry& s : entries) {
    int parent = -1;
    if (s.parent != "-") {
      const auto it = index.find(s.parent);
      if (it == index.end()) reader.fail_at(s.line, "unknown parent switch " + impl::quoted(s.parent));
      parent = it->second;
    }
    nodes += s.nodes;
    if (nodes > kMaxMachineNodes)
      reader.fail_at(s.line, "machine too large: more than " + std::to_string(kMaxMachineNodes) + " nodes");
    spec.names.push_back(s.name);
    spec.parent.push_back(parent);
    spec.nodes.push_back(s.nodes);
    fastest = std::max(fastest, s.bandwidth);
  }
  if (fastest > 0)  // a switch without a bandwidth is taken as the fastest
    for (const SwitchEntry& s : entries)
      spec.uplink_bandwidth.push_back(s.bandwidth > 0 ? s.bandwidth : fastest);
  try {
    return std::make_shared<const FatTree>(std::move(spec));
  } catch (const std::invalid_argument& e) {
    reader.fail_at(first_line, e.what());
  }
}

std::vector<int> coordinates_of_node(const Machine& machine, int node) {
  const std::vector<double> c = machine.node_coordinates(node);
  return std::vector<int>(c.begin(), c.end() - 1);
}

}  // namespace tamp::impl
