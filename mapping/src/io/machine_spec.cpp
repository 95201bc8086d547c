// The inline machine spec of --topology synthetic:SPEC, e.g. "torus:4x4x4,cores=4,npr=2,wrap=1x1x0",
// "fattree:4x3,cores=16" (arity x levels), "dragonfly:9x4x4,h=2,npr=2,cores=8" (groups x group dims).
#include <stdexcept>
#include <string>
#include <vector>

#include "io/machine_build.hpp"
#include "io/text_util.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/text.hpp"

namespace tamp {

namespace {

bool seen_key(const std::vector<std::string_view>& seen, std::string_view key) {
  for (std::string_view s : seen)
    if (s == key) return true;
  return false;
}

MachineDescription parse_spec(std::string_view spec) {
  const auto colon = spec.find(':');
  if (colon == std::string_view::npos)
    throw std::invalid_argument("expected TOPOLOGY:DIMS[,key=value...], e.g. torus:4x4x4,cores=4");
  const impl::Topology topology = impl::parse_topology(spec.substr(0, colon));
  const bool mesh = topology == impl::Topology::kMesh;
  const bool fat_tree = topology == impl::Topology::kFatTree;
  const bool dragonfly = topology == impl::Topology::kDragonfly;
  const auto parts = split_view(spec.substr(colon + 1), ',');
  const std::vector<int> dims = impl::parse_dims(split_view(parts[0], 'x'));
  if (fat_tree && dims.size() != 2)
    throw std::invalid_argument("a fat tree is fattree:ARITYxLEVELS, e.g. fattree:4x3");
  if (dragonfly && dims.size() < 2)
    throw std::invalid_argument("a dragonfly is dragonfly:GROUPSxROUTERS[xROUTERS...], e.g. dragonfly:9x4");
  int global_links = 0;

  std::vector<bool> wrap;
  std::vector<double> bandwidth;
  int nodes_per_router = 1;
  int cores = 0;
  long long first_nodes = 0;  // 0: every node
  std::vector<std::string_view> seen;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const auto eq = parts[i].find('=');
    if (eq == std::string_view::npos)
      throw std::invalid_argument("expected key=value after the dimensions, got " + impl::quoted(parts[i]));
    const std::string_view key = parts[i].substr(0, eq);
    const std::string_view value = parts[i].substr(eq + 1);
    for (std::string_view s : seen)
      if (s == key) throw std::invalid_argument("key " + impl::quoted(key) + " given twice");
    seen.push_back(key);
    if (key == "cores") {
      cores = impl::parse_cores_per_node(value);
    } else if (key == "npr") {
      nodes_per_router = impl::parse_nodes_per_router(value);
    } else if (key == "h" && dragonfly) {
      global_links = impl::parse_size(value, "h (global links per router)");
    } else if (key == "wrap" && !fat_tree && !dragonfly) {
      wrap = impl::parse_wrap(split_view(value, 'x'));
      impl::check_wrap(wrap, dims.size(), mesh);
    } else if (key == "bw") {
      bandwidth = impl::parse_bandwidth(split_view(value, 'x'));
      if (!fat_tree && !dragonfly) impl::check_bandwidth(bandwidth, dims.size());
    } else if (key == "nodes") {
      first_nodes = impl::int_in_range(value, "nodes", 1, impl::kMaxMachineNodes);
    } else {
      throw std::invalid_argument("unknown key " + impl::quoted(key) + " (known: cores, npr, " +
                                  (fat_tree    ? ""
                                   : dragonfly ? "h, "
                                               : "wrap, ") +
                                  "bw, nodes)");
    }
  }
  if (cores == 0) throw std::invalid_argument("missing cores=C (cores per node)");
  if (dragonfly && global_links == 0) throw std::invalid_argument("missing h=H (global links per router)");
  std::shared_ptr<const Machine> machine;
  if (fat_tree)
    machine = impl::make_kary_fat_tree(dims[0], dims[1], seen_key(seen, "npr") ? nodes_per_router : 0,
                                       std::move(bandwidth));
  else if (dragonfly)
    machine = impl::make_dragonfly(dims[0], std::vector<int>(dims.begin() + 1, dims.end()), global_links,
                                   nodes_per_router, std::move(bandwidth));
  const std::int64_t machine_nodes =
      machine ? machine->num_nodes() : impl::count_machine_nodes(dims, nodes_per_router);
  if (first_nodes > machine_nodes)
    throw std::invalid_argument("nodes=" + std::to_string(first_nodes) + " but the machine has only " +
                                std::to_string(machine_nodes) + " nodes");
  impl::check_slot_count(first_nodes ? first_nodes : machine_nodes, cores);
  if (!machine)
    machine = impl::make_torus(dims, std::move(wrap), mesh, nodes_per_router, std::move(bandwidth));
  std::vector<int> nodes(static_cast<std::size_t>(first_nodes));
  for (int k = 0; k < static_cast<int>(first_nodes); ++k) nodes[k] = k;
  return impl::make_description(std::string(spec), std::move(machine), cores, std::move(nodes), {});
}

}  // namespace

MachineDescription parse_machine_spec(const std::string& spec) {
  try {
    return parse_spec(spec);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("machine spec '" + spec + "': " + e.what());
  }
}

}  // namespace tamp
