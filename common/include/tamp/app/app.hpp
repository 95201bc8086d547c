// The skeleton every app shares: parse -> validate -> topology -> task graph -> the mappings (rank 0) -> for
// each placement: reorder, allocate, warm-up (not timed), timed loop, verify, report. An app supplies a
// Problem and its Run.
#pragma once
#include <mpi.h>

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tamp/app/backend.hpp"
#include "tamp/app/compute_model.hpp"
#include "tamp/app/options.hpp"
#include "tamp/app/reorder.hpp"
#include "tamp/app/report.hpp"
#include "tamp/app/timer.hpp"
#include "tamp/app/topology.hpp"
#include "tamp/placement.hpp"
#include "tamp/task_graph.hpp"

namespace CLI {
class App;
}

namespace tamp::app {

/// What a run is given: the reordered communicator (rank == task), the placement it applies and the mapping
/// that gave, the chosen backend and how compute is charged (compute_phase(), tamp/app/compute.hpp).
struct RunContext {
  MPI_Comm comm = MPI_COMM_NULL;
  int task = 0;
  tamp::Placement placement;         // --mapping or a --compare entry
  const Allocation* job = nullptr;   // the job's slots
  const Mapping* mapping = nullptr;  // task -> job slot, as applied; identical on every rank
  Backend backend = Backend::openmp;
  int threads = 1;
  const ComputeModel* compute_model = nullptr;  // --compute-model; nullptr = measured
  bool skeleton = false;                        // --skeleton: kernels are charged, not run
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

  /// --compare: what the runs of later placements must reproduce (e.g. lanczos's eigenvalues); empty when the
  /// app compares nothing. The harness asks the first verified run, after verify().
  virtual std::vector<double> comparable_result() const { return {}; }
  /// Checks this run against `first` (the first verified run's comparable_result()) and amends `verification`
  /// (status, error, note). The harness calls it after verify() on every later verified run; every rank must
  /// reach the same verdict.
  virtual void compare_with_first(const std::vector<double>& /*first*/, Verification& /*verification*/) {}
};

/// The first verified run's comparable_result(), kept by the harness across the runs of one job.
struct FirstRun {
  bool set = false;
  std::vector<double> result;
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
  /// The unit kinds the app's kernels charge (compute_phase()): a modelled --compute-model must give each.
  virtual std::vector<std::string> compute_kinds() const { return {}; }
  /// The work of one step, units per task of each kind (`hidden[kind][task]`), for the predicted communication
  /// time under a modelled --compute-model (prediction_options()): `hidden`, computed while the step's
  /// point-to-point messages travel (posted before it, waited for after it, as the stencil's interior sweep);
  /// `after`, computed after the wait and before the next step's messages, given by apps whose tasks differ in
  /// work (then predicted step by step, each task on its own clock). Empty: none. `stepped`: predict step by
  /// step under any compute model (tasks that go on as soon as their own messages are in, as in the rounds of
  /// a collective; the graph's phase counts must be whole).
  /// `before[call]`: units computed before each call of a phase or collective of the task graph (named as
  /// EvaluateOptions::before_compute names it), e.g. halo's local sum before each grid sum.
  struct StepWork {
    using Units = std::map<std::string, std::vector<double>, std::less<>>;
    Units hidden, after;
    std::map<std::string, Units, std::less<>> before;
    bool stepped = false;
  };
  virtual StepWork step_work() const { return {}; }

  /// Orderings the app itself offers beside the module's mappers (halo's `group`, lanczos's `dm`, ...): names
  /// that --mapping and --compare accept, also as NAME+STEP with the module's post-processing steps.
  virtual std::vector<std::string> app_mappings() const { return {}; }
  /// The ordering `name` (one of app_mappings()) of task_graph() onto the job's slots. Deterministic, no MPI,
  /// identical on every rank; throws std::invalid_argument when it does not fit this job.
  virtual Mapping app_mapping(const std::string& name, const Allocation& job,
                              const MapOptions& options) const;
};

/// Throws std::invalid_argument unless every placement is file:PATH, one of problem.app_mappings() or a
/// module mapping name (each optionally followed by +STEP...). The message of an unknown name lists both
/// sets.
void check_mapping_names(const std::vector<tamp::Placement>& placements, const Problem& problem);

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
