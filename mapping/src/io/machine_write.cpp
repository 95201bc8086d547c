// Machine file writer: the exact inverse of parse_machine for torus and mesh machines.
#include <ostream>
#include <stdexcept>

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

void check_writable(const MachineDescription& d, const Torus* torus) {
  require(torus != nullptr, "write_machine: only torus and mesh machines can be written");
  require(d.allocation.num_nodes() > 0 && &d.allocation.machine() == d.machine.get(),
          "write_machine: the allocation must belong to the described machine");
  // Loops test first and build a message only on failure: descriptions can have millions of nodes.
  for (int i = 0; i < d.allocation.num_nodes(); ++i)
    if (d.allocation.cores_of(i) != d.cores_per_node)
      throw std::invalid_argument("write_machine: every allocated node must have cores_per_node cores");
  require(d.hostnames.empty() || static_cast<int>(d.hostnames.size()) == d.allocation.num_nodes(),
          "write_machine: hostnames must be empty or one per allocated node");
  require(d.name.find_first_of("#\n") == std::string::npos && impl::trim(d.name) == d.name,
          "write_machine: the name cannot hold '#', line breaks or surrounding blanks");
  for (const std::string& h : d.hostnames)
    if (!h.empty() && (impl::split_tokens(h).size() != 1 || h.find('#') != std::string::npos ||
                       impl::trim(h) != h || impl::looks_numeric(h)))
      throw std::invalid_argument("write_machine: hostname " + impl::quoted(h) +
                                  " is not a single non-numeric word");
}

}  // namespace

void write_machine(std::ostream& out, const MachineDescription& d) {
  require(d.machine != nullptr, "write_machine: no machine");
  const auto* torus = dynamic_cast<const Torus*>(d.machine.get());
  check_writable(d, torus);
  const TorusSpec& spec = torus->spec();
  if (!d.name.empty()) out << "name " << d.name << '\n';
  out << "topology " << torus->kind() << '\n';
  out << "dims";
  for (int n : spec.dims) out << ' ' << n;
  out << "\nwrap";
  for (std::size_t k = 0; k < spec.dims.size(); ++k) out << ' ' << (spec.wrap[k] ? 1 : 0);
  out << "\nnodes_per_router " << spec.nodes_per_router << '\n';
  out << "cores_per_node " << d.cores_per_node << '\n';
  if (!spec.link_bandwidth.empty()) {
    out << "link_bandwidth";
    for (double b : spec.link_bandwidth) out << ' ' << impl::format_double(b);
    out << '\n';
  }
  if (is_whole_machine(d)) return;
  const Allocation& a = d.allocation;
  out << "nodes " << a.num_nodes() << '\n';
  for (int i = 0; i < a.num_nodes(); ++i) {
    const int node = a.node(i);
    const std::vector<int> c = torus->router_coords(torus->router_of_node(node));
    for (std::size_t k = 0; k < c.size(); ++k) out << (k ? " " : "") << c[k];
    if (torus->nodes_per_router() > 1) out << ' ' << node % torus->nodes_per_router();
    if (!d.hostnames.empty() && !d.hostnames[i].empty()) out << ' ' << d.hostnames[i];
    out << '\n';
  }
}

}  // namespace tamp
