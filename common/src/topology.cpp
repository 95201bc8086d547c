// The apps' view of topology discovery: discovery's errors become AgreedErrors (printed once by main); and
// the layout a launcher made from a map file (--launched-as), which needs no discovery.
#include "tamp/app/topology.hpp"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>
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

JobLayout launched_layout(const std::string& launched_as, const std::string& topology, MPI_Comm comm) {
  int rank = 0;
  int ranks = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const auto [name, path] = split_launched_as(launched_as);
  const std::string prefix = "synthetic:";
  // Every rank reads the machine (small); rank 0 alone reads the map and broadcasts it: no gathering of
  // records.
  std::vector<int> slots(ranks, 0);
  MachineDescription machine = collectively(comm, [&, &path = path] {
    if (topology.rfind(prefix, 0) != 0 || topology.size() == prefix.size()) {
      throw std::invalid_argument(
          fmt::format("--launched-as needs --topology synthetic:MACHINE (the machine whose "
                      "slots {} names), not '{}'",
                      path, topology));
    }
    MachineDescription described = load_machine(topology.substr(prefix.size()));
    if (rank == 0) {
      const Mapping map = read_mapping_file(path, described.allocation.num_slots());
      if (map.num_tasks() != ranks) {
        throw std::invalid_argument(
            fmt::format("--launched-as: {} has {} lines, the job has {} ranks (one slot per "
                        "rank)",
                        path, map.num_tasks(), ranks));
      }
      map.validate(1);
      slots = map.slots();
    }
    return described;
  });
  MPI_Bcast(slots.data(), ranks, MPI_INT, 0, comm);
  return collectively(comm, [&, &path = path] {
    JobLayout layout = place_on_slots(std::move(machine), topology, slots);
    layout.found_by = "synthetic";
    layout.note = fmt::format("placed by the launcher: task t on slot {}[t]", path);
    return layout;
  });
}

std::shared_ptr<const JobLayout> job_layout(const CommonOptions& options, MPI_Comm comm) {
  if (options.launched_as.empty()) return discover_layout(options.topology, comm);
  return std::make_shared<const JobLayout>(launched_layout(options.launched_as, options.topology, comm));
}

}  // namespace tamp::app
