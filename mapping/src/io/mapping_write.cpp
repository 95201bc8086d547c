// Mapping writers: tamp's own slot file and the files launchers read to place ranks.
#include <charconv>
#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/grid.hpp"
#include "tamp/io/mapping_file.hpp"

namespace tamp {

namespace {

std::string host_name(const MachineDescription& d, int allocated_node) {
  const std::size_t i = static_cast<std::size_t>(allocated_node);
  if (i < d.hostnames.size() && !d.hostnames[i].empty()) return d.hostnames[i];
  // The one convention of hostless nodes, as in SimGrid files and --topology file:.
  return "node-" + std::to_string(d.allocation.node(allocated_node));
}

std::vector<int> tasks_per_slot(const Mapping& mapping, int num_slots) {
  std::vector<int> count(num_slots, 0);
  for (int s : mapping.slots()) ++count[s];
  return count;
}

// The launcher fills its slots in order with the listed ranks, so the file can only say where each rank goes
// when the used slots come first and all hold the same number of tasks (the last one may hold fewer).
void check_cray_fill(const std::vector<int>& count) {
  const int k = count.empty() ? 0 : count[0];
  std::size_t used = 0;
  while (used < count.size() && count[used] > 0) ++used;
  for (std::size_t s = 0; s < count.size(); ++s) {
    const bool ok = s + 1 < used ? count[s] == k : s + 1 == used ? count[s] <= k : count[s] == 0;
    if (!ok)
      throw std::invalid_argument("write_mapping: a Cray rank order cannot place this mapping (slot " +
                                  std::to_string(s) + " holds " + std::to_string(count[s]) +
                                  " tasks, slot 0 holds " + std::to_string(k) +
                                  "): the used slots must come first and hold the same number of tasks");
  }
}

void write_cray(std::ostream& out, const Mapping& mapping, int num_slots) {
  const std::vector<int> count = tasks_per_slot(mapping, num_slots);
  check_cray_fill(count);
  // Tasks of each slot, slots in order (a counting sort keeps tasks of one slot in task order).
  std::vector<int> first(num_slots + 1, 0);
  for (int s = 0; s < num_slots; ++s) first[s + 1] = first[s] + count[s];
  std::vector<int> order(mapping.num_tasks());
  for (int t = 0; t < mapping.num_tasks(); ++t) order[first[mapping.slot(t)]++] = t;
  out << "# MPICH_RANK_ORDER for " << mapping.num_tasks()
      << " ranks (MPICH_RANK_REORDER_METHOD=3), by tamp\n";
  std::string line;
  for (int rank : order) {
    const std::string item = std::to_string(rank);
    if (!line.empty() && line.size() + 1 + item.size() > 80) {
      out << line << '\n';
      line.clear();
    }
    line += (line.empty() ? "" : ",") + item;
  }
  out << line << '\n';
}

void write_bluegene(std::ostream& out, const Mapping& mapping, const MachineDescription& d) {
  const Grid* grid = d.machine ? d.machine->grid() : nullptr;
  require(grid != nullptr, "write_mapping: a Blue Gene mapfile needs a torus or mesh machine");
  // BG/P reads "x y z t" and BG/Q "a b c d e t", one node per router: other shapes cannot be written.
  const std::size_t dims = grid->router_coords(0).size();
  require(dims == 3 || dims == 5,
          "write_mapping: a Blue Gene mapfile needs a 3D (BG/P) or 5D (BG/Q) torus, this one has " +
              std::to_string(dims) + " dimensions");
  require(grid->nodes_per_router() == 1,
          "write_mapping: a Blue Gene mapfile needs one node per router, this machine has " +
              std::to_string(grid->nodes_per_router()));
  const std::vector<int> count = tasks_per_slot(mapping, d.allocation.num_slots());
  for (std::size_t s = 0; s < count.size(); ++s)
    if (count[s] > 1)
      throw std::invalid_argument("write_mapping: a Blue Gene mapfile has one rank per slot, slot " +
                                  std::to_string(s) + " holds " + std::to_string(count[s]));
  const Allocation& a = d.allocation;
  for (int t = 0; t < mapping.num_tasks(); ++t) {
    const int slot = mapping.slot(t);
    const int node = a.machine_node_of_slot(slot);
    for (int c : grid->router_coords(grid->router_of_node(node))) out << c << ' ';
    out << a.core_of_slot(slot) << '\n';
  }
}

}  // namespace

void write_mapping(std::ostream& out, const Mapping& mapping, const MachineDescription& machine,
                   MappingFormat format) {
  const Allocation& a = machine.allocation;
  for (int t = 0; t < mapping.num_tasks(); ++t)
    if (mapping.slot(t) < 0 || mapping.slot(t) >= a.num_slots())
      throw std::invalid_argument("write_mapping: task " + std::to_string(t) + " has slot " +
                                  std::to_string(mapping.slot(t)) + " but the allocation has " +
                                  std::to_string(a.num_slots()) + " slots");
  switch (format) {
    case MappingFormat::slots: {  // a million lines at 10^6 tasks: formatted in one buffer, not by the stream
      std::string text;
      text.reserve(static_cast<std::size_t>(mapping.num_tasks()) * 8);
      char digits[16];
      for (int s : mapping.slots()) {
        text.append(digits, std::to_chars(digits, digits + sizeof digits, s).ptr);
        text.push_back('\n');
      }
      out.write(text.data(), static_cast<std::streamsize>(text.size()));
      return;
    }
    case MappingFormat::cray_rank_order:
      write_cray(out, mapping, a.num_slots());
      return;
    case MappingFormat::openmpi_rankfile:
      for (int t = 0; t < mapping.num_tasks(); ++t) {
        const int s = mapping.slot(t);
        out << "rank " << t << '=' << host_name(machine, a.node_of_slot(s)) << " slot=" << a.core_of_slot(s)
            << '\n';
      }
      return;
    case MappingFormat::slurm_hostfile:
      for (int s : mapping.slots()) out << host_name(machine, a.node_of_slot(s)) << '\n';
      return;
    case MappingFormat::bluegene_mapfile:
      write_bluegene(out, mapping, machine);
      return;
    case MappingFormat::simgrid_hostfile:
      for (int s : mapping.slots()) out << "node-" << a.machine_node_of_slot(s) << '\n';
      return;
  }
  throw std::invalid_argument("write_mapping: unknown format");
}

}  // namespace tamp
