// The problem an app solves, as it implements it: the task graph of one iteration, the report's parameters,
// the app's own orderings, and the start of a run per placement.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"
#include "tamp/mapper.hpp"
#include "tamp/mapping.hpp"
#include "tamp/metrics.hpp"
#include "tamp/placement.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::app {

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
  /// The collective calls start() makes, in order, for the flow engine's model of the set-up (setup_model()):
  /// agreements (collectively()), splits of context.comm, broadcasts and untimed steps. Default: one
  /// agreement.
  virtual std::vector<SetupModel::Call> start_calls() const { return {SetupModel::Call{}}; }
  /// The unit kinds the app's kernels charge (compute_phase()): a modelled --compute-model must give each.
  virtual std::vector<std::string> compute_kinds() const { return {}; }
  /// The work of one step, units per task of each kind (`hidden[kind][task]`), for the predicted
  /// communication time under a modelled --compute-model (prediction_options()): `hidden`, computed while the
  /// step's point-to-point messages travel (posted before it, waited for after it, as the stencil's interior
  /// sweep); `after`, computed after the wait and before the next step's messages, given by apps whose tasks
  /// differ in work (then predicted step by step, each task on its own clock). Empty: none. `stepped`:
  /// predict step by step under any compute model (tasks that go on as soon as their own messages are in, as
  /// in the rounds of a collective; the graph's phase counts must be whole). `before[call]`: units computed
  /// before each call of a phase or collective of the task graph (named as EvaluateOptions::before_compute
  /// names it), e.g. halo's local sum before each grid sum.
  struct StepWork {
    using Units = std::map<std::string, std::vector<double>, std::less<>>;
    Units hidden, after;
    std::map<std::string, Units, std::less<>> before;
    bool stepped = false;
  };
  virtual StepWork step_work() const { return {}; }
  /// Whether the predicted communication of task_graph() per step stands for the run's (the report puts them
  /// side by side): false where the graph holds the traffic but not the order and waits of the run's sends.
  virtual bool predicts_comm_time() const { return true; }

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

}  // namespace tamp::app
