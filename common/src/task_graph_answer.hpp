// --task-graph-for RANKS: the app's task graph at a scale, answered without running (run_app's first
// question).
#pragma once
#include <mpi.h>

#include <string>

#include "tamp/app/options.hpp"
#include "tamp/app/run_app.hpp"

namespace tamp::app::impl {

/// Collective on `world` (one process): builds the app's problem for options.task_graph_for ranks on the
/// --topology synthetic:MACHINE allocation and prints {"app": APP, "graph": SPEC, "ranks": RANKS} on one
/// line, SPEC being the problem's params()["graph"] (a `tamp-map gen` spec) or null. Returns the exit status
/// 0.
int answer_task_graph(const std::string& app, const CommonOptions& options,
                      const ProblemFactory& make_problem, MPI_Comm world);

}  // namespace tamp::app::impl
