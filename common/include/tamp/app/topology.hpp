// The topology front end of the apps: the discovery layer (mapping/discovery, DESIGN §4) under the names the
// apps use, with errors raised as AgreedError so that main prints them once.
#pragma once
#include <mpi.h>

#include <string>

#include "tamp/app/report.hpp"
#include "tamp/discovery/discover.hpp"
#include "tamp/discovery/placement.hpp"

namespace tamp::app {

/// Where the ranks of a job are, identical on every rank (tamp/discovery/placement.hpp).
using Placement = tamp::discovery::Placement;
using tamp::discovery::allocation_summary;
using tamp::discovery::describe;
using tamp::discovery::job_allocation;
using tamp::discovery::place_in_launcher_order;

/// Collective on `comm`: tamp::discovery::discover_placement (sources: synthetic:, file:, slurm, simgrid,
/// cray, bgq, hwloc, auto; cached per communicator and source). Throws AgreedError, on every rank, on bad
/// input.
Placement discover_placement(const std::string& source, MPI_Comm comm);

/// What the report says about the placement: the source that produced it and the job's nodes.
AllocationReport allocation_report(const Placement& placement);

}  // namespace tamp::app
