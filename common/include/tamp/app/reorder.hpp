// Rank reordering: every rank computes the mapping, takes the task of its own slot and continues
// on MPI_Comm_split(world, 0, task), so that rank == task in the new communicator.
#pragma once
#include <mpi.h>

#include <string>

#include "tamp/app/compute_model.hpp"
#include "tamp/app/options.hpp"
#include "tamp/app/topology.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"

namespace tamp::app {

class Problem;

/// The mapping named by `spec` of `graph` onto the job's slots (no MPI, deterministic for a given seed):
/// a registry name (tamp::map_tasks), or file:PATH (one slot per task). The result is a permutation.
Mapping compute_mapping(const TaskGraph& graph, const Allocation& job, const std::string& spec,
                        const MapOptions& options);

/// A reordered communicator (freed on destruction) and what it was built from.
class Reordering {
 public:
  Reordering(MPI_Comm comm, int task, std::string spec, Mapping mapping, Metrics metrics);
  ~Reordering();
  Reordering(Reordering&& other) noexcept;
  Reordering& operator=(Reordering&&) = delete;
  Reordering(const Reordering&) = delete;
  Reordering& operator=(const Reordering&) = delete;

  MPI_Comm comm() const { return comm_; }  // rank in comm == task
  int task() const { return task_; }
  const std::string& spec() const { return spec_; }
  const Mapping& mapping() const { return mapping_; }
  const Metrics& metrics() const { return metrics_; }  // evaluate(graph, job, mapping)

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  int task_ = -1;
  std::string spec_;
  Mapping mapping_;
  Metrics metrics_;
};

/// Collective on `world`: requires graph.num_tasks() == ranks of `world` == layout.job.num_slots().
/// `evaluation`: how the reported metrics are computed (hidden computation).
Reordering reorder_ranks(const TaskGraph& graph, const JobLayout& layout, const std::string& spec,
                         const MapOptions& options, MPI_Comm world, const EvaluateOptions& evaluation = {});

/// Collective on `world`: the launcher already put rank r on the slot that the mapping `name` gives task r
/// (--launched-as; `layout` from launched_layout). No renumbering: the communicator is a duplicate of
/// `world` and rank == task; the metrics (on rank 0 only) are those of layout.slot_of_rank.
Reordering adopt_launcher_placement(const TaskGraph& graph, const JobLayout& layout, const std::string& name,
                                    MPI_Comm world, const EvaluateOptions& evaluation = {});

/// How the metrics of `problem`'s placements are evaluated: problem.step_work() in seconds per task under a
/// `modelled` model (units x the kind's coefficient; under the others the host's time is not known in advance),
/// and the problem's iterations as steps when that gives `after` work or the app asks for steps.
EvaluateOptions prediction_options(const Problem& problem, const ComputeModel& model);

/// The mapping `spec` names for `problem` on the job's slots: one of the app's own orderings (with the module's
/// steps after it) or compute_mapping(). No MPI; deterministic.
Mapping problem_mapping(const Problem& problem, const Allocation& job, const std::string& spec,
                        const MapOptions& options);

/// What run_placement uses: adopt_launcher_placement with --launched-as, else reorder_ranks of the problem.
Reordering place_ranks(const Problem& problem, const JobLayout& layout, const std::string& spec,
                       const CommonOptions& options, MPI_Comm world);

}  // namespace tamp::app
