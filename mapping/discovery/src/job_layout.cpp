// Building a JobLayout from allocation slots, and the one-line descriptions and hash of it.
#include "tamp/discovery/job_layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "tamp/text.hpp"

namespace tamp::discovery {
namespace {

// FNV-1a over the bytes of everything that defines the layout.
class Hasher {
 public:
  void add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) hash_ = (hash_ ^ bytes[i]) * 1099511628211ull;
  }
  void add(int value) { add(&value, sizeof value); }
  void add(const std::string& text) {
    add(static_cast<int>(text.size()));
    add(text.data(), text.size());
  }
  void add(const std::vector<int>& values) {
    add(static_cast<int>(values.size()));
    add(values.data(), values.size() * sizeof(int));
  }
  void add(const std::vector<std::string>& values) {
    add(static_cast<int>(values.size()));
    for (const auto& v : values) add(v);
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ull;
};

}  // namespace

JobLayout place_on_slots(MachineDescription machine, const std::string& source,
                         const std::vector<int>& allocation_slot_of_rank) {
  JobLayout layout;
  layout.job = job_allocation(machine.allocation, allocation_slot_of_rank, layout.slot_of_rank);
  // Host of each job node: job nodes are the occupied allocated nodes in allocation order.
  if (!machine.hostnames.empty()) {
    std::vector<char> occupied(machine.allocation.num_nodes(), 0);
    for (int slot : allocation_slot_of_rank) occupied[machine.allocation.node_of_slot(slot)] = 1;
    for (int i = 0; i < machine.allocation.num_nodes(); ++i)
      if (occupied[i]) layout.job_hosts.push_back(machine.hostnames[i]);
  } else {
    layout.job_hosts.assign(layout.job.num_nodes(), std::string());
  }
  layout.machine = std::move(machine);
  layout.source = source;
  return layout;
}

JobLayout place_in_launcher_order(MachineDescription machine, const std::string& source, int ranks) {
  const int slots = machine.allocation.num_slots();
  if (ranks > slots) {
    throw std::invalid_argument(
        fmt::format("{} ranks do not fit on machine '{}' ({}): its allocation has {} slots "
                    "({} nodes)",
                    ranks, machine.name, machine.machine->describe(), slots, machine.allocation.num_nodes()));
  }
  std::vector<int> allocation_slots(ranks);
  for (int r = 0; r < ranks; ++r) allocation_slots[r] = r;
  return place_on_slots(std::move(machine), source, allocation_slots);
}

Allocation job_allocation(const Allocation& allocation, const std::vector<int>& allocation_slot_of_rank,
                          std::vector<int>& job_slot_of_rank) {
  const int ranks = static_cast<int>(allocation_slot_of_rank.size());
  // Ranks of each allocated node, ordered by core.
  std::vector<std::vector<std::pair<int, int>>> on_node(allocation.num_nodes());  // (core, rank)
  std::vector<char> used(allocation.num_slots(), 0);
  for (int r = 0; r < ranks; ++r) {
    const int slot = allocation_slot_of_rank[r];
    if (slot < 0 || slot >= allocation.num_slots()) {
      throw std::invalid_argument(fmt::format("rank {} is on slot {}, outside the allocation's {} slots", r,
                                              slot, allocation.num_slots()));
    }
    if (used[slot]) throw std::invalid_argument(fmt::format("two ranks are on slot {}", slot));
    used[slot] = 1;
    on_node[allocation.node_of_slot(slot)].emplace_back(allocation.core_of_slot(slot), r);
  }
  std::vector<int> nodes;
  std::vector<int> counts;
  job_slot_of_rank.assign(ranks, -1);
  int next = 0;
  for (int i = 0; i < allocation.num_nodes(); ++i) {
    if (on_node[i].empty()) continue;
    std::sort(on_node[i].begin(), on_node[i].end());
    nodes.push_back(allocation.node(i));
    counts.push_back(static_cast<int>(on_node[i].size()));
    for (const auto& core_rank : on_node[i]) job_slot_of_rank[core_rank.second] = next++;
  }
  return Allocation(allocation.machine_ptr(), std::move(nodes), std::move(counts));
}

std::string describe(const JobLayout& layout) {
  std::string text =
      fmt::format("{}, {} cores/node; {} ranks on {} nodes", layout.machine.machine->describe(),
                  layout.machine.cores_per_node, layout.job.num_slots(), layout.job.num_nodes());
  // Say which source answered when the request did not name it (auto), and what the report must not hide.
  const std::string& by = layout.found_by;
  if (!by.empty() && layout.source != by && layout.source.rfind(by + ":", 0) != 0)
    text += " (found by " + by + ")";
  if (!layout.note.empty()) text += "; " + layout.note;
  return text;
}

std::string allocation_summary(const JobLayout& p) {
  std::string text = fmt::format("{}: {} ranks on nodes {}", p.found_by.empty() ? p.source : p.found_by,
                                 p.job.num_slots(), ranges_text(p.job.nodes()));
  std::vector<std::string> hosts;
  for (const auto& h : p.job_hosts)
    if (!h.empty()) hosts.push_back(h);
  if (!hosts.empty()) {
    constexpr std::size_t kShown = 4;  // a summary line, not the node list (that is in the JSON)
    text += " (" + hosts.front();
    for (std::size_t i = 1; i < std::min(hosts.size(), kShown); ++i) text += ", " + hosts[i];
    if (hosts.size() > kShown) text += fmt::format(", ... {} hosts", hosts.size());
    text += ")";
  }
  return text;
}

std::uint64_t hash_layout(const JobLayout& p) {
  Hasher h;
  h.add(p.machine.machine->describe());
  h.add(p.machine.machine->num_nodes());
  h.add(p.machine.cores_per_node);
  h.add(p.found_by);
  h.add(p.job.nodes());
  for (int i = 0; i < p.job.num_nodes(); ++i) h.add(p.job.cores_of(i));
  h.add(p.slot_of_rank);
  h.add(p.job_hosts);
  return h.value();
}

}  // namespace tamp::discovery
