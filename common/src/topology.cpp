// The topology front end: picks a source by its prefix, builds the job's allocation and checks that every
// rank reached the same result. New sources (slurm, simgrid, cray, bgq, hwloc) add one row to kSources.
#include "tamp/app/topology.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "tamp/app/collective.hpp"

namespace tamp::app {
namespace impl {

Placement synthetic_placement(const std::string& source, const std::string& argument, int ranks);

}  // namespace impl

namespace {

using SourceFn = Placement (*)(const std::string& source, const std::string& argument, int ranks);

struct TopologySource {
  std::string_view prefix;  // "synthetic:" (with a colon: takes an argument) or "slurm"
  SourceFn fn;              // nullptr: named in DESIGN §4 but not built yet
};

// `file:` reads the same machine file as `synthetic:` until the discovery layer matches hostnames.
const TopologySource kSources[] = {
    {"synthetic:", impl::synthetic_placement},
    {"file:", impl::synthetic_placement},
    {"slurm", nullptr},
    {"simgrid", nullptr},
    {"cray", nullptr},
    {"bgq", nullptr},
    {"hwloc", nullptr},
};

// FNV-1a over the bytes of everything that defines the placement.
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
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ull;
};

std::uint64_t hash_placement(const Placement& p) {
  Hasher h;
  h.add(p.machine.machine->describe());
  h.add(p.machine.machine->num_nodes());
  h.add(p.machine.cores_per_node);
  h.add(p.job.nodes());
  for (int i = 0; i < p.job.num_nodes(); ++i) h.add(p.job.cores_of(i));
  h.add(p.slot_of_rank);
  return h.value();
}

// min == max over ranks, in one reduction: max of h and max of ~h (= ~min of h).
void check_identical(const Placement& placement, MPI_Comm comm) {
  const std::uint64_t h = hash_placement(placement);
  std::uint64_t local[2] = {h, ~h};
  std::uint64_t global[2] = {0, 0};
  MPI_Allreduce(local, global, 2, MPI_UINT64_T, MPI_MAX, comm);
  if (global[0] != ~global[1]) {
    // Every rank sees the same reduction result, so every rank throws: an agreed error.
    throw AgreedError("ranks disagree on the topology from '" + placement.source +
                      "' (different machine files or environments on different nodes?)");
  }
}

// The source named by `source`, run on this rank (no communication).
Placement load_placement(const std::string& source, int ranks) {
  for (const auto& s : kSources) {
    const bool takes_argument = s.prefix.back() == ':';
    const bool matches = takes_argument ? source.rfind(s.prefix, 0) == 0 : source == s.prefix;
    if (!matches) continue;
    if (!s.fn) {
      throw std::invalid_argument("topology source '" + source +
                                  "' is not available in this build yet (available: synthetic:, file:)");
    }
    return s.fn(source, source.substr(takes_argument ? s.prefix.size() : source.size()), ranks);
  }
  throw std::invalid_argument(
      "unknown topology source '" + source +
      "' (known: synthetic:MACHINEFILE, synthetic:SPEC, file:MACHINEFILE, slurm, simgrid, "
      "cray, bgq, hwloc)");
}

}  // namespace

Placement discover_placement(const std::string& source, MPI_Comm comm) {
  int ranks = 0;
  MPI_Comm_size(comm, &ranks);
  // Reading files can fail on some ranks only: agree on errors before the collective check.
  Placement placement = collectively(comm, [&] { return load_placement(source, ranks); });
  check_identical(placement, comm);
  return placement;
}

Placement place_in_launcher_order(MachineDescription machine, const std::string& source, int ranks) {
  const int slots = machine.allocation.num_slots();
  if (ranks > slots) {
    throw std::invalid_argument(
        fmt::format("{} ranks do not fit on machine '{}' ({}): its allocation has {} slots "
                    "({} nodes)",
                    ranks, machine.name, machine.machine->describe(), slots, machine.allocation.num_nodes()));
  }
  std::vector<int> allocation_slots(ranks);
  for (int r = 0; r < ranks; ++r) allocation_slots[r] = r;
  Placement placement;
  placement.job = job_allocation(machine.allocation, allocation_slots, placement.slot_of_rank);
  placement.machine = std::move(machine);
  placement.source = source;
  return placement;
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

std::string describe(const Placement& placement) {
  return fmt::format("{}, {} cores/node; {} ranks on {} nodes", placement.machine.machine->describe(),
                     placement.machine.cores_per_node, placement.job.num_slots(), placement.job.num_nodes());
}

}  // namespace tamp::app
