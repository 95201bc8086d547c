// Small builders shared by the unit tests.
#pragma once
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/generators.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/mapping.hpp"
#include "tamp/torus.hpp"

namespace tamp::test {

// A switch tree of `switches` leaves of `nodes` nodes under one top switch, `cores` cores a node, as a machine
// file's text.
inline std::string tree_file(int switches, int nodes, int cores, const std::string& distances = "1 10 100") {
  std::ostringstream text;
  text << "topology fattree\ncores_per_node " << cores << "\nswitch top - 0\n";
  for (int s = 0; s < switches; ++s) text << "switch s" << s << " top " << nodes << "\n";
  if (!distances.empty()) text << "level_distances " << distances << "\n";
  return text.str();
}

inline MachineDescription read_machine(const std::string& text) {
  std::istringstream in(text);
  return parse_machine(in, "m.machine");
}

// TorusSpec field by field (brace-initialising only some members trips -Wmissing-field-initializers).
inline TorusSpec torus_spec(std::vector<int> dims, std::vector<bool> wrap = {}, int nodes_per_router = 1,
                            std::vector<double> bandwidth = {}) {
  TorusSpec s;
  s.dims = std::move(dims);
  s.wrap = std::move(wrap);
  s.nodes_per_router = nodes_per_router;
  s.link_bandwidth = std::move(bandwidth);
  return s;
}

inline std::shared_ptr<const Torus> make_torus(std::vector<int> dims, bool wrap = true, int nodes_per_router = 1) {
  std::vector<bool> wraps(dims.size(), wrap);
  return std::make_shared<const Torus>(torus_spec(std::move(dims), std::move(wraps), nodes_per_router));
}

inline TaskGraph stencil(std::vector<int> tasks, int points = 0, bool periodic = false) {
  StencilGraphSpec spec;
  spec.periodic.assign(tasks.size(), periodic);
  spec.tasks = std::move(tasks);
  spec.points = points;
  return make_stencil_graph(spec);
}

/// Bytes of all messages of one phase.
inline double phase_bytes(const Phase& p) {
  double b = 0;
  for (const Edge& e : p.edges) b += e.bytes;
  return b;
}

/// A StencilGraphSpec field by field (brace-initialising only some members trips -Wmissing-field-initializers).
inline StencilGraphSpec stencil_spec(std::vector<int> tasks, std::vector<bool> periodic, int points,
                                     std::vector<int> local = {}, double bytes_per_cell = 8) {
  StencilGraphSpec s;
  s.tasks = std::move(tasks);
  s.periodic = std::move(periodic);
  s.points = points;
  s.local = std::move(local);
  s.bytes_per_cell = bytes_per_cell;
  return s;
}

/// Every node of a mesh (no wrap-around), one core each.
inline Allocation mesh_nodes(std::vector<int> dims, int nodes_per_router = 1) {
  return Allocation::whole_machine(make_torus(std::move(dims), false, nodes_per_router), 1);
}

/// A line of 4 routers, one node each (default network: links 9.4e9 B/s, injection 6e9 B/s).
inline Allocation line_of_four(int cores = 1) {
  return Allocation::whole_machine(std::make_shared<const Torus>(torus_spec({4}, {false})), cores);
}

/// Task i on slot i.
inline Mapping identity_mapping(int tasks) {
  std::vector<int> slots(tasks);
  for (int i = 0; i < tasks; ++i) slots[i] = i;
  return Mapping(slots, tasks);
}

}  // namespace tamp::test
