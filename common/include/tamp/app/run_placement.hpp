// One run of a problem with one placement (the loop body of run_app, usable on its own by apps with a custom
// main).
#pragma once
#include <mpi.h>

#include <string>

#include "tamp/app/options.hpp"
#include "tamp/app/problem.hpp"
#include "tamp/app/report.hpp"
#include "tamp/app/topology.hpp"
#include "tamp/mapping.hpp"
#include "tamp/placement.hpp"

namespace tamp::app {

/// Collective on `world`: reorders the ranks for `placement` (rank 0's `mapping`, from compute_mappings();
/// ignored on the other ranks and under --launched-as), starts the problem on the new communicator, runs
/// problem.warmup() untimed and problem.iterations() timed iterations, verifies (unless --verify off),
/// compares with the first verified run of the job (`first`: Run::comparable_result, Run::compare_with_first)
/// and returns the reduced report (identical on every rank).
RunReport run_placement(const std::string& app, const tamp::Placement& placement, const Mapping& mapping,
                        const Problem& problem, const JobLayout& layout, const CommonOptions& options,
                        MPI_Comm world, FirstRun& first);

}  // namespace tamp::app
