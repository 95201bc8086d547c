// Machine file writer: the exact inverse of parse_machine for every model (torus, mesh, fat tree, dragonfly).
#include <ostream>
#include <stdexcept>
#include <utility>

#include "io/machine_build.hpp"
#include "io/text_util.hpp"
#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"

namespace tamp {

namespace {

// The node list can be left out when it is every node in node-id order and no node has a hostname.
bool is_whole_machine(const MachineDescription& d) {
  const Allocation& a = d.allocation;
  if (a.num_nodes() != d.machine->num_nodes()) return false;
  for (int i = 0; i < a.num_nodes(); ++i)
    if (a.node(i) != i) return false;
  for (const std::string& h : d.hostnames)
    if (!h.empty()) return false;
  return true;
}

// Text that reads back as itself at the end of a machine file line (the parser's rule): no '#', quote or line
// break, no blank (space, tab) at either end, no CR at the end.
bool is_line_text(const std::string& text) {
  return text.find_first_of("#\"'\n") == std::string::npos && impl::trim(text, impl::kLineBlank) == text &&
         (text.empty() || text.back() != '\r');
}

bool is_word(const std::string& h) {
  return is_line_text(h) && h.find_first_of(impl::kLineBlank) == std::string::npos;
}

void check_writable(const MachineDescription& d) {
  require(d.allocation.num_nodes() > 0 && &d.allocation.machine() == d.machine.get(),
          "write_machine: the allocation must belong to the described machine");
  // Loops test first and build a message only on failure: descriptions can have millions of nodes.
  for (int i = 0; i < d.allocation.num_nodes(); ++i)
    if (d.allocation.cores_of(i) != d.cores_per_node)
      throw std::invalid_argument("write_machine: every allocated node must have cores_per_node cores");
  require(d.hostnames.empty() || static_cast<int>(d.hostnames.size()) == d.allocation.num_nodes(),
          "write_machine: hostnames must be empty or one per allocated node");
  require(is_line_text(d.name),
          "write_machine: the name cannot hold '#', quotes, line breaks or surrounding blanks");
  for (const std::string& h : d.hostnames)
    if (!h.empty() && (!is_word(h) || impl::looks_numeric(h)))
      throw std::invalid_argument("write_machine: hostname " + impl::quoted(h) +
                                  " is not a single non-numeric word");
}

void write_list(std::ostream& out, const char* key, const std::vector<double>& values) {
  if (values.empty()) return;
  out << key;
  for (double b : values) out << ' ' << impl::format_double(b);
  out << '\n';
}

void write_ints(std::ostream& out, const char* key, const std::vector<int>& values) {
  out << key;
  for (int v : values) out << ' ' << v;
  out << '\n';
}

void write_torus(std::ostream& out, const Torus& torus) {
  const TorusSpec& spec = torus.spec();
  out << "topology " << torus.kind() << '\n';
  write_ints(out, "dims", spec.dims);
  out << "wrap";
  for (std::size_t k = 0; k < spec.dims.size(); ++k) out << ' ' << (spec.wrap[k] ? 1 : 0);
  out << "\nnodes_per_router " << spec.nodes_per_router << '\n';
}

void write_fat_tree(std::ostream& out, const FatTree& tree) {
  out << "topology fattree\n";
  if (tree.is_kary()) {
    const FatTreeSpec& spec = tree.kary_spec();
    out << "arity " << spec.arity << "\nlevels " << spec.levels << "\nnodes_per_router "
        << spec.nodes_per_leaf << '\n';
    return;
  }
  const SwitchTreeSpec& spec = tree.tree_spec();
  for (int s = 0; s < tree.num_switches(); ++s) {
    const std::string& name = spec.names[s];
    require(is_word(name) && name != "-",
            "write_machine: switch name " + impl::quoted(name) + " is not a single word without '#'");
    out << "switch " << name << ' ' << (spec.parent[s] < 0 ? "-" : spec.names[spec.parent[s]]) << ' '
        << spec.nodes[s];
    if (!spec.uplink_bandwidth.empty()) out << ' ' << impl::format_double(spec.uplink_bandwidth[s]);
    out << '\n';
  }
}

void write_dragonfly(std::ostream& out, const Dragonfly& fly) {
  const DragonflySpec& spec = fly.spec();
  out << "topology dragonfly\ngroups " << spec.groups << '\n';
  write_ints(out, "routers_per_group", spec.group_dims);
  out << "global_links " << spec.global_links << "\nnodes_per_router " << spec.nodes_per_router << '\n';
}

}  // namespace

void write_machine(std::ostream& out, const MachineDescription& d) {
  require(d.machine != nullptr, "write_machine: no machine");
  check_writable(d);
  const Machine& machine = *d.machine;
  const auto* fat_tree = dynamic_cast<const FatTree*>(&machine);
  const bool by_switch = fat_tree && !fat_tree->is_kary();
  if (!d.name.empty()) out << "name " << d.name << '\n';
  if (const auto* torus = dynamic_cast<const Torus*>(&machine)) {
    write_torus(out, *torus);
    write_list(out, "link_bandwidth", torus->spec().link_bandwidth);
  } else if (fat_tree) {
    write_fat_tree(out, *fat_tree);
    if (!by_switch) write_list(out, "link_bandwidth", fat_tree->kary_spec().link_bandwidth);
  } else if (const auto* fly = dynamic_cast<const Dragonfly*>(&machine)) {
    write_dragonfly(out, *fly);
    write_list(out, "link_bandwidth", fly->spec().link_bandwidth);
  } else {
    throw std::invalid_argument("write_machine: cannot write a " + machine.kind() + " machine");
  }
  // The network parameters that differ from the defaults (so that files without them stay as they were).
  const NetworkParameters& p = machine.network();
  const NetworkParameters defaults;
  const std::pair<const char*, double NetworkParameters::*> keys[] = {
      {"link_latency", &NetworkParameters::link_latency},
      {"injection_bandwidth", &NetworkParameters::injection_bandwidth},
      {"injection_latency", &NetworkParameters::injection_latency},
      {"loopback_bandwidth", &NetworkParameters::loopback_bandwidth},
      {"loopback_latency", &NetworkParameters::loopback_latency},
      {"message_overhead", &NetworkParameters::message_overhead}};
  for (const auto& [key, field] : keys)
    if (p.*field != defaults.*field) out << key << ' ' << impl::format_double(p.*field) << '\n';
  write_list(out, "level_distances", machine.level_distances());
  out << "cores_per_node " << d.cores_per_node << '\n';
  if (is_whole_machine(d)) return;
  const Allocation& a = d.allocation;
  const int per_router = by_switch ? 0 : machine.nodes_per_router();
  out << "nodes " << a.num_nodes() << '\n';
  for (int i = 0; i < a.num_nodes(); ++i) {
    const int node = a.node(i);
    if (by_switch) {
      const int s = fat_tree->switch_of_node(node);
      out << fat_tree->tree_spec().names[s];
      if (fat_tree->nodes_on_switch(s) > 1) out << ' ' << fat_tree->index_on_switch(node);
    } else {
      const std::vector<int> c = impl::coordinates_of_node(machine, node);
      for (std::size_t k = 0; k < c.size(); ++k) out << (k ? " " : "") << c[k];
      // The index is written when it can be non-zero, and always when there are no coordinates.
      if (per_router > 1 || c.empty()) out << (c.empty() ? "" : " ") << node % per_router;
    }
    if (!d.hostnames.empty() && !d.hostnames[i].empty()) out << ' ' << d.hostnames[i];
    out << '\n';
  }
}

}  // namespace tamp
