// --engine flow: the placements of an app's problem on simulated ranks, run by the mapping module's flow
// engine in this one process (docs/simulation.md, "The flow engine"). No MPI traffic, nothing computed or
// verified.
#pragma once
#include <string>

#include "tamp/app/options.hpp"
#include "tamp/app/problem.hpp"
#include "tamp/app/report.hpp"
#include "tamp/app/topology.hpp"
#include "tamp/mapping.hpp"
#include "tamp/placement.hpp"

namespace tamp::app {

/// One placement of `problem` on `layout` (flow_layout()) with its `mapping` (task -> job slot): the engine's
/// steps with the problem's warm-up, the barrier and its timed iterations, compute charged by
/// --compute-model. The report has engine "flow" and per-task times as the app's own runs report them (max
/// over ranks, spread in time_stats).
RunReport flow_placement(const std::string& app, const tamp::Placement& placement, const Mapping& mapping,
                         const Problem& problem, const JobLayout& layout, const CommonOptions& options);

}  // namespace tamp::app
