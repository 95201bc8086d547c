// Rank reordering: rank 0 computes each placement's mapping once; it is broadcast, every rank takes the task
// of its own slot and continues on MPI_Comm_split(world, 0, task), so that rank == task in the new
// communicator.
#pragma once
#include <mpi.h>

#include <vector>

#include "tamp/app/compute_model.hpp"
#include "tamp/app/options.hpp"
#include "tamp/app/topology.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/placement.hpp"

namespace tamp::app {

class Problem;

/// A reordered communicator (freed on destruction) and what it was built from.
class Reordering {
 public:
  Reordering(MPI_Comm comm, int task, tamp::Placement placement, Mapping mapping, Metrics metrics);
  ~Reordering();
  Reordering(Reordering&& other) noexcept;
  Reordering& operator=(Reordering&&) = delete;
  Reordering(const Reordering&) = delete;
  Reordering& operator=(const Reordering&) = delete;

  MPI_Comm comm() const { return comm_; }  // rank in comm == task
  int task() const { return task_; }
  const tamp::Placement& placement() const { return placement_; }
  const Mapping& mapping() const { return mapping_; }
  const Metrics& metrics() const { return metrics_; }  // evaluate(graph, job, mapping), on rank 0 only

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  int task_ = -1;
  tamp::Placement placement_;
  Mapping mapping_;
  Metrics metrics_;
};

/// The mapping `placement` gives the tasks of `problem` on the job's slots: one of the app's own orderings
/// (with the module's steps after it), a registry algorithm (tamp::map_tasks), or file:PATH (one slot per
/// task). No MPI; deterministic for a given seed. Throws std::invalid_argument when it cannot be made.
Mapping compute_mapping(const Problem& problem, const Allocation& job, const tamp::Placement& placement,
                        const MapOptions& options);

/// compute_mapping() of every placement of `options` (placements()), in order; none under --launched-as. With
/// --compare an error names the entry. No MPI: the caller runs it on one rank (run_app: rank 0, before the
/// first run, so that a bad entry stops the job before anything is measured).
std::vector<Mapping> compute_mappings(const Problem& problem, const Allocation& job,
                                      const CommonOptions& options);

/// Collective on `world`: requires graph.num_tasks() == ranks of `world` == layout.job.num_slots(). Rank 0's
/// `mapping` is broadcast (the others' is ignored) and applied; rank 0 evaluates it (`evaluation`: how the
/// reported metrics are computed, hidden computation included).
Reordering apply_mapping(const TaskGraph& graph, const JobLayout& layout, const tamp::Placement& placement,
                         const Mapping& mapping, MPI_Comm world, const EvaluateOptions& evaluation = {});

/// Collective on `world`: the launcher already put rank r on the slot that `placement` gives task r
/// (--launched-as; `layout` from launched_layout). No renumbering: the communicator is a duplicate of
/// `world` and rank == task; the metrics (on rank 0 only) are those of layout.slot_of_rank.
Reordering adopt_launcher_placement(const TaskGraph& graph, const JobLayout& layout,
                                    const tamp::Placement& placement, MPI_Comm world,
                                    const EvaluateOptions& evaluation = {});

/// How the metrics of `problem`'s placements are evaluated: problem.step_work() in seconds per task under a
/// `modelled` model (units x the kind's coefficient; under the others the host's time is not known in advance),
/// and the problem's iterations as steps when that gives `after` work or the app asks for steps.
EvaluateOptions prediction_options(const Problem& problem, const ComputeModel& model);

/// The set-up before the first barrier, for the flow engine (EvaluateOptions::setup): how the ranks got their
/// order (--launched-as or not), then problem.start_calls().
SetupModel setup_model(const Problem& problem, const CommonOptions& options);

/// What run_placement uses: adopt_launcher_placement with --launched-as, else apply_mapping of rank 0's
/// `mapping` (from compute_mappings).
Reordering place_ranks(const Problem& problem, const JobLayout& layout, const tamp::Placement& placement,
                       const Mapping& mapping, const CommonOptions& options, MPI_Comm world);

}  // namespace tamp::app
