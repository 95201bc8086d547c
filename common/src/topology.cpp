// The apps' view of topology discovery: discovery's errors become AgreedErrors (printed once by main); and
// the placement a launcher made from a map file (--launched-as), which needs no discovery.
#include "tamp/app/topology.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "tamp/app/collective.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/mapping_file.hpp"

namespace tamp::app {

Placement discover_placement(const std::string& source, MPI_Comm comm) {
  try {
    return tamp::discovery::discover_placement(source, comm);
  } catch (const tamp::discovery::DiscoveryError& e) {
    throw AgreedError(e.what());  // raised on every rank with the same message
  }
}

AllocationReport allocation_report(const Placement& placement) {
  AllocationReport report;
  report.source = placement.found_by;
  report.summary = allocation_summary(placement);
  report.note = placement.note;
  report.nodes = placement.job.nodes();
  report.hosts = placement.job_hosts;
  for (int i = 0; i < placement.job.num_nodes(); ++i)
    report.ranks_per_node.push_back(placement.job.cores_of(i));
  return report;
}

Placement launched_placement(const std::string& launched_as, const std::string& topology, MPI_Comm comm) {
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
    Placement placement = place_on_slots(std::move(machine), topology, slots);
    placement.found_by = "synthetic";
    placement.note = fmt::format("placed by the launcher: task t on slot {}[t]", path);
    return placement;
  });
}

Placement job_placement(const CommonOptions& options, MPI_Comm comm) {
  if (options.launched_as.empty()) return discover_placement(options.topology, comm);
  return launched_placement(options.launched_as, options.topology, comm);
}

}  // namespace tamp::app
