// Topology discovery (docs/discovery.md): which node, core and network coordinates every rank of a
// communicator has.
#pragma once
#include <mpi.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "tamp/discovery/job_layout.hpp"

namespace tamp::discovery {

/// An error raised on every rank of the communicator with the same message (no rank is left waiting).
class DiscoveryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Collective on `comm`. `source`: synthetic:MACHINEFILE|SPEC, file:MACHINEFILE, slurm[:TOPOLOGY_CONF],
/// simgrid[:MACHINEFILE], cray, bgq, hwloc, or auto (the first of file ($TAMP_MACHINE_FILE), cray, bgq,
/// slurm, simgrid, hwloc that applies). One MPI_Allgather of fixed-size records, then every rank computes the
/// same layout; a hash reduction checks that they agree. The result is cached on `comm` per source. Rank 0
/// prints binding warnings to stderr the first time. Throws DiscoveryError (on every rank) on bad input.
JobLayout discover_layout(const std::string& source, MPI_Comm comm);

/// discover_layout without the copy: the layout the communicator's cache holds (it lives as long as the caller
/// keeps the pointer). In the simulated build every rank of a job gets the same object, so P ranks do not hold P
/// copies of a layout of P ranks (O(P^2) memory: about 18 GB at 16,384 ranks).
std::shared_ptr<const JobLayout> discover_shared_layout(const std::string& source, MPI_Comm comm);

}  // namespace tamp::discovery
