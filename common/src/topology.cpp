// The apps' view of topology discovery: discovery's errors become AgreedErrors (printed once by main).
#include "tamp/app/topology.hpp"

#include "tamp/app/collective.hpp"

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

}  // namespace tamp::app
