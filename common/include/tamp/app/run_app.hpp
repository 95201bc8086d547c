// run_app, the main() every app shares: parse -> validate -> topology -> task graph -> the mappings (rank 0)
// -> for each placement: reorder, allocate, warm-up (not timed), timed loop, verify, report. An app supplies
// a ProblemFactory (tamp/app/problem.hpp).
#pragma once
#include <mpi.h>

#include <functional>
#include <memory>
#include <string>

#include "tamp/app/options.hpp"
#include "tamp/app/problem.hpp"
#include "tamp/app/topology.hpp"

namespace CLI {
class App;
}

namespace tamp::app {

/// What the factory of a problem sees.
struct AppSetup {
  const CommonOptions& options;
  const JobLayout& layout;
  MPI_Comm world;
  int rank;  // in world
  int ranks;
};

/// Validates the app's options and builds the problem. Runs inside collectively(world, ...): an exception on
/// any rank is reported once as an error of all ranks, so it must not communicate on `world`.
using ProblemFactory = std::function<std::unique_ptr<Problem>(const AppSetup&)>;

/// The whole of an app's main(): MPI, parsing (`cli` already holds the app's options; the common ones are
/// added here), validation, topology, the runs and their report. Returns the exit status: 0 when every
/// verified run passed, 1 when one failed or on error ("tamp-APP: error: ..." printed once by rank 0).
int run_app(const std::string& app, CLI::App& cli, int argc, char** argv, const ProblemFactory& make_problem);

}  // namespace tamp::app
