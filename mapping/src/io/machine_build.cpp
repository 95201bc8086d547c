// Checks and assembly shared by the machine file parser and the inline machine spec.
#include "io/machine_build.hpp"

#include <stdexcept>

#include "io/text_util.hpp"
#include "tamp/network_parameters.hpp"

namespace tamp::impl {

Topology parse_topology(std::string_view word) {
  if (word == "torus") return Topology::kTorus;
  if (word == "mesh") return Topology::kMesh;
  if (word == "fattree") return Topology::kFatTree;
  if (word == "dragonfly") return Topology::kDragonfly;
  throw std::invalid_argument("unknown topology " + impl::quoted(word) +
                              " (expected torus, mesh, fattree or dragonfly)");
}

const char* topology_name(Topology topology) {
  switch (topology) {
    case Topology::kTorus:
      return "torus";
    case Topology::kMesh:
      return "mesh";
    case Topology::kFatTree:
      return "fattree";
    case Topology::kDragonfly:
      return "dragonfly";
  }
  return "?";
}

std::vector<int> parse_dims(const std::vector<std::string_view>& tokens) {
  if (tokens.empty()) throw std::invalid_argument("dims needs at least one value");
  if (tokens.size() > static_cast<std::size_t>(kMaxDims))
    throw std::invalid_argument("dims has " + std::to_string(tokens.size()) + " values (at most " +
                                std::to_string(kMaxDims) + " dimensions)");
  std::vector<int> dims;
  for (std::string_view t : tokens)
    dims.push_back(static_cast<int>(int_in_range(t, "each dimension", 1, kMaxMachineNodes)));
  return dims;
}

std::vector<bool> parse_wrap(const std::vector<std::string_view>& tokens) {
  if (tokens.empty()) throw std::invalid_argument("wrap needs one 0/1 value per dimension");
  if (tokens.size() > static_cast<std::size_t>(kMaxDims))
    throw std::invalid_argument("wrap has " + std::to_string(tokens.size()) + " values (at most " +
                                std::to_string(kMaxDims) + " dimensions)");
  std::vector<bool> wrap;
  for (std::string_view t : tokens) {
    if (t != "0" && t != "1")
      throw std::invalid_argument("wrap values must be 0 or 1, got " + impl::quoted(t));
    wrap.push_back(t == "1");
  }
  return wrap;
}

std::vector<double> parse_bandwidth(const std::vector<std::string_view>& tokens) {
  if (tokens.empty()) throw std::invalid_argument("link_bandwidth needs one value per dimension");
  if (tokens.size() > static_cast<std::size_t>(kMaxDims))
    throw std::invalid_argument("link_bandwidth has " + std::to_string(tokens.size()) + " values (at most " +
                                std::to_string(kMaxDims) + " dimensions)");
  std::vector<double> bw;
  for (std::string_view t : tokens) {
    double v = 0;
    if (!parse_double(t, v))
      throw std::invalid_argument("link bandwidths must be numbers (bytes/s), got " + impl::quoted(t));
    bw.push_back(check_range(v, kBandwidthRange, "link bandwidth"));
  }
  return bw;
}

int parse_nodes_per_router(std::string_view token) {
  return static_cast<int>(int_in_range(token, "nodes_per_router", 1, kMaxMachineNodes));
}

int parse_cores_per_node(std::string_view token) {
  return static_cast<int>(int_in_range(token, "cores_per_node", 1, kMaxCoresPerNode));
}

void check_wrap(const std::vector<bool>& wrap, std::size_t num_dims, bool mesh) {
  if (wrap.size() != num_dims)
    throw std::invalid_argument("wrap has " + std::to_string(wrap.size()) + " values for " +
                                std::to_string(num_dims) + " dimensions");
  if (mesh)
    for (bool w : wrap)
      if (w) throw std::invalid_argument("a mesh does not wrap around (use topology torus for wrap 1)");
}

void check_bandwidth(const std::vector<double>& bandwidth, std::size_t num_dims) {
  if (bandwidth.size() != num_dims)
    throw std::invalid_argument("link_bandwidth has " + std::to_string(bandwidth.size()) + " values for " +
                                std::to_string(num_dims) + " dimensions");
}

std::int64_t count_machine_nodes(const std::vector<int>& dims, int nodes_per_router) {
  std::int64_t nodes = nodes_per_router;
  for (int n : dims) {
    nodes *= n;  // both factors <= 2^26 and the product is checked every step: no overflow
    if (nodes > kMaxMachineNodes)
      throw std::invalid_argument("machine too large: more than " + std::to_string(kMaxMachineNodes) +
                                  " nodes");
  }
  return nodes;
}

void check_slot_count(std::int64_t nodes, int cores) {
  if (nodes * cores > kMaxSlots)
    throw std::invalid_argument("allocation too large: " + std::to_string(nodes) + " nodes x " +
                                std::to_string(cores) + " cores is more than " + std::to_string(kMaxSlots) +
                                " slots");
}

std::shared_ptr<const Torus> make_torus(const std::vector<int>& dims, std::vector<bool> wrap, bool mesh,
                                        int nodes_per_router, std::vector<double> bandwidth) {
  TorusSpec spec;
  spec.dims = dims;
  spec.wrap = wrap.empty() ? std::vector<bool>(dims.size(), !mesh) : std::move(wrap);
  spec.nodes_per_router = nodes_per_router;
  spec.link_bandwidth = std::move(bandwidth);
  return std::make_shared<const Torus>(std::move(spec));
}

MachineDescription make_description(std::string name, std::shared_ptr<const Machine> machine,
                                    int cores_per_node, std::vector<int> nodes,
                                    std::vector<std::string> hostnames) {
  MachineDescription d;
  d.name = std::move(name);
  d.cores_per_node = cores_per_node;
  d.machine = machine;
  d.allocation = nodes.empty() ? Allocation::whole_machine(machine, cores_per_node)
                               : Allocation(machine, std::move(nodes), cores_per_node);
  if (hostnames.empty()) hostnames.assign(d.allocation.num_nodes(), std::string());
  d.hostnames = std::move(hostnames);
  return d;
}

}  // namespace tamp::impl
