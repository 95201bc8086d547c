// The topology front end of the apps: the discovery layer (mapping/discovery, docs/discovery.md) under the
// names the apps use, with errors raised as AgreedError so that main prints them once.
#pragma once
#include <mpi.h>

#include <memory>
#include <string>

#include "tamp/app/options.hpp"
#include "tamp/app/report.hpp"
#include "tamp/discovery/discover.hpp"
#include "tamp/discovery/job_layout.hpp"

namespace tamp::app {

/// Where the ranks of a job are, identical on every rank (tamp/discovery/job_layout.hpp).
using JobLayout = tamp::discovery::JobLayout;
using tamp::discovery::allocation_summary;
using tamp::discovery::describe;
using tamp::discovery::job_allocation;
using tamp::discovery::place_in_launcher_order;
using tamp::discovery::place_on_slots;

/// Collective on `comm`: tamp::discovery::discover_shared_layout (sources: synthetic:, file:, slurm, simgrid,
/// cray, bgq, hwloc, auto; cached per communicator and source; one object per simulated job). Throws
/// AgreedError, on every rank, on bad input.
std::shared_ptr<const JobLayout> discover_layout(const std::string& source, MPI_Comm comm);

/// What the report says about the layout: the source that produced it and the job's nodes.
AllocationReport allocation_report(const JobLayout& layout);

/// Collective on `comm`: the layout a launcher made from a map file (--launched-as NAME:MAPFILE): rank r
/// on slot MAPFILE[r] of the machine of `topology`, which must be synthetic:MACHINE. Rank 0 reads the map and
/// broadcasts it; nothing is gathered. Throws AgreedError, on every rank, on a map of the wrong size or a
/// slot used twice.
JobLayout launched_layout(const LaunchedAs& launched_as, const std::string& topology, MPI_Comm comm);

/// `ranks` ranks in launcher order on the machine of `topology`, which must be synthetic:MACHINE (`needed_by`
/// names the option that needs it in the error), without MPI.
JobLayout synthetic_layout(const std::string& topology, int ranks, const std::string& needed_by);

/// The layout of the --ranks ranks the flow engine simulates (--engine flow), without MPI: rank r on slot
/// MAPFILE[r] with --launched-as, else on the first slots of --topology synthetic:MACHINE in launcher order.
JobLayout flow_layout(const CommonOptions& options);

/// The job's layout: launched_layout when --launched-as is given, else discover_layout(--topology).
std::shared_ptr<const JobLayout> job_layout(const CommonOptions& options, MPI_Comm comm);

}  // namespace tamp::app
