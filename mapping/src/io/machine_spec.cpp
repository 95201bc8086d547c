// The inline machine spec of --topology synthetic:SPEC, e.g. "torus:4x4x4,cores=4,npr=2,wrap=1x1x0".
#include <stdexcept>
#include <string>
#include <vector>

#include "io/machine_build.hpp"
#include "io/text_util.hpp"
#include "tamp/io/machine_file.hpp"

namespace tamp {

namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const auto pos = text.find(sep, start);
    parts.push_back(text.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
    if (pos == std::string_view::npos) return parts;
    start = pos + 1;
  }
}

MachineDescription parse_spec(std::string_view spec) {
  const auto colon = spec.find(':');
  if (colon == std::string_view::npos)
    throw std::invalid_argument("expected TOPOLOGY:DIMS[,key=value...], e.g. torus:4x4x4,cores=4");
  const bool mesh = impl::parse_topology_is_mesh(spec.substr(0, colon));
  const auto parts = split(spec.substr(colon + 1), ',');
  const std::vector<int> dims = impl::parse_dims(split(parts[0], 'x'));

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
    } else if (key == "wrap") {
      wrap = impl::parse_wrap(split(value, 'x'));
      impl::check_wrap(wrap, dims.size(), mesh);
    } else if (key == "bw") {
      bandwidth = impl::parse_bandwidth(split(value, 'x'));
      impl::check_bandwidth(bandwidth, dims.size());
    } else if (key == "nodes") {
      first_nodes = impl::int_in_range(value, "nodes", 1, impl::kMaxMachineNodes);
    } else {
      throw std::invalid_argument("unknown key " + impl::quoted(key) +
                                  " (known: cores, npr, wrap, bw, nodes)");
    }
  }
  if (cores == 0) throw std::invalid_argument("missing cores=C (cores per node)");
  const std::int64_t machine_nodes = impl::count_machine_nodes(dims, nodes_per_router);
  if (first_nodes > machine_nodes)
    throw std::invalid_argument("nodes=" + std::to_string(first_nodes) + " but the machine has only " +
                                std::to_string(machine_nodes) + " nodes");
  impl::check_slot_count(first_nodes ? first_nodes : machine_nodes, cores);
  auto torus = impl::make_torus(dims, std::move(wrap), mesh, nodes_per_router, std::move(bandwidth));
  std::vector<int> nodes(static_cast<std::size_t>(first_nodes));
  for (int k = 0; k < static_cast<int>(first_nodes); ++k) nodes[k] = k;
  return impl::make_description(std::string(spec), std::move(torus), cores, std::move(nodes), {});
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
