// The apps' view of topology discovery: discovery's errors become AgreedErrors (printed once by main); and
// the layout a launcher made from a map file (--launched-as), which needs no discovery.
#include "tamp/app/topology.hpp"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "tamp/app/collective.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/mapping_file.hpp"

namespace tamp::app {

std::shared_ptr<const JobLayout> discover_layout(const std::string& source, MPI_Comm comm) {
  try {
    return tamp::discovery::discover_shared_layout(source, comm);
  } catch (const tamp::discovery::DiscoveryError& e) {
    throw AgreedError(e.what());  // raised on every rank with the same message
  }
}

AllocationReport allocation_report(const JobLayout& layout) {
  AllocationReport report;
  report.source = layout.found_by;
  report.summary = allocation_summary(layout);
  report.note = layout.note;
  report.nodes = layout.job.nodes();
  report.hosts = layout.job_hosts;
  for (int i = 0; i < layout.job.num_nodes(); ++i) report.ranks_per_node.push_back(layout.job.cores_of(i));
  return report;
}

namespace {

constexpr std::string_view kSynthetic = "synthetic:";

// The machine of --topology synthetic:MACHINE, which --launched-as and the flow engine need.
MachineDescription synthetic_machine(const std::string& topology, const std::string& needed_by) {
  if (topology.rfind(kSynthetic, 0) != 0 || topology.size() == kSynthetic.size()) {
    throw std::invalid_argument(
        fmt::format("{} needs --topology synthetic:MACHINE, not '{}'", needed_by, topology));
  }
  return load_machine(topology.substr(kSynthetic.size()));
}

// The slot of every rank in the map file of --launched-as (one line per rank).
std::vector<int> launched_slots(const std::string& path, const MachineDescription& machine, int ranks) {
  const Mapping map = read_mapping_file(path, machine.allocation.num_slots());
  if (map.num_tasks() != ranks) {
    throw std::invalid_argument(
        fmt::format("--launched-as: {} has {} lines, the job has {} ranks (one slot per rank)", path,
                    map.num_tasks(), ranks));
  }
  map.validate(1);
  return map.slots();
}

JobLayout placed_by_launcher(MachineDescription machine, const std::string& topology, const std::string& path,
                             const std::vector<int>& slots) {
  JobLayout layout = place_on_slots(std::move(machine), topology, slots);
  layout.found_by = "synthetic";
  layout.note = fmt::format("placed by the launcher: task t on slot {}[t]", path);
  return layout;
}

}  // namespace

JobLayout launched_layout(const LaunchedAs& launched_as, const std::string& topology, MPI_Comm comm) {
  int rank = 0;
  int ranks = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const std::string& path = launched_as.map_file;
  // Every rank reads the machine (small); rank 0 alone reads the map and broadcasts it: no gathering of
  // records.
  std::vector<int> slots(ranks, 0);
  MachineDescription machine = collectively(comm, [&] {
    MachineDescription described = synthetic_machine(topology, "--launched-as");
    if (rank == 0) slots = launched_slots(path, described, ranks);
    return described;
  });
  MPI_Bcast(slots.data(), ranks, MPI_INT, 0, comm);
  return collectively(comm, [&] { return placed_by_launcher(std::move(machine), topology, path, slots); });
}

JobLayout synthetic_layout(const std::string& topology, int ranks, const std::string& needed_by) {
  JobLayout layout = place_in_launcher_order(synthetic_machine(topology, needed_by), topology, ranks);
  layout.found_by = "synthetic";
  return layout;
}

JobLayout flow_layout(const CommonOptions& options) {
  if (!options.launched_as) return synthetic_layout(options.topology, options.ranks, "--engine flow");
  MachineDescription machine = synthetic_machine(options.topology, "--engine flow");
  const std::string& path = options.launched_as->map_file;
  const std::vector<int> slots = launched_slots(path, machine, options.ranks);
  return placed_by_launcher(std::move(machine), options.topology, path, slots);
}

std::shared_ptr<const JobLayout> job_layout(const CommonOptions& options, MPI_Comm comm) {
  if (!options.launched_as) return discover_layout(options.topology, comm);
  return std::make_shared<const JobLayout>(launched_layout(*options.launched_as, options.topology, comm));
}

}  // namespace tamp::app
