// The skeleton every app shares: parse -> validate -> topology -> task graph -> for each placement: reorder,
// allocate, warm-up (not timed), timed loop, verify, report. An app supplies a Problem and its Run.
#pragma once
#include <mpi.h>

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "tamp/app/backend.hpp"
#include "tamp/app/options.hpp"
#include "tamp/app/report.hpp"
#include "tamp/app/timer.hpp"
#include "tamp/app/topology.hpp"
#include "tamp/task_graph.hpp"

namespace CLI {
class App;
}

namespace tamp::app {

/// What a run is given: the reordered communicator (rank == task) and the chosen backend.
struct RunContext {
  MPI_Comm comm = MPI_COMM_NULL;
  int task = 0;
  Backend backend = Backend::openmp;
  int threads = 1;
};

struct Verification {
  VerificationStatus status = VerificationStatus::skipped;
  double error = 0;  // max over ranks
  double tolerance = 0;
  std::string note;
};

/// App figures of the timed loop: one printed line (e.g. "Rate: 812.3 MLUP/s, 13.0 GB/s") and JSON fields.
struct Rate {
  std::string line;
  nlohmann::json fields = nlohmann::json::object();
};

/// One placement's state, allocated by Problem::start().
class Run {
 public:
  virtual ~Run() = default;
  /// One iteration; adds its phases to `timers`. Collective on the run's communicator.
  virtual void iterate(IterationTimers& timers) = 0;
  /// Checks the result of all iterations so far. Collective; every rank returns the same verdict.
  virtual Verification verify() = 0;
  /// `seconds`: time of `iterations` timed iterations (max over ranks).
  virtual Rate rate(double seconds, int iterations) const = 0;
};

/// A validated problem: identical on every rank.
class Problem {
 public:
  virtual ~Problem() = default;
  /// The messages of one iteration between tasks (tasks == ranks): what the mappers place.
  virtual const TaskGraph& task_graph() const = 0;
  /// Sizes and parameters for the report.
  virtual nlohmann::json params() const = 0;
  /// One or two lines printed by rank 0 before the runs.
  virtual std::string summary() const = 0;
  virtual int warmup() const = 0;
  virtual int iterations() const = 0;
  /// Allocates and initialises the run of one placement. Collective on context.comm; may communicate. An
  /// exception escaping it aborts the job unless it is an AgreedError: wrap local steps that can fail in
  /// collectively().
  virtual std::unique_ptr<Run> start(const RunContext& context) const = 0;
};

/// What the factory of a problem sees.
struct AppSetup {
  const CommonOptions& options;
  const Placement& placement;
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
