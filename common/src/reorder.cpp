// Rank reordering: one mapping for every rank (computed once by rank 0, broadcast), then
// MPI_Comm_split(world, 0, task); or none, when the launcher already placed the ranks (--launched-as).
#include "tamp/app/reorder.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "tamp/app/collective.hpp"
#include "tamp/app/problem.hpp"
#include "tamp/io/mapping_file.hpp"

namespace tamp::app {
namespace {

Mapping read_mapping(const TaskGraph& graph, const Allocation& job, const std::string& path) {
  Mapping mapping = read_mapping_file(path, job.num_slots());
  if (mapping.num_tasks() != graph.num_tasks()) {
    throw std::invalid_argument(fmt::format("{}: has {} lines, the job has {} tasks (one line per task)",
                                            path, mapping.num_tasks(), graph.num_tasks()));
  }
  mapping.validate(1);
  return mapping;
}

// The app's ordering, then the module's post-processing steps named after it.
Mapping compute_app_mapping(const Problem& problem, const Allocation& job, const tamp::Placement& placement,
                            const MapOptions& options) {
  Mapping mapping = problem.app_mapping(placement.name(), job, options);
  mapping.validate(1);
  if (mapping.num_tasks() != job.num_slots() || mapping.num_tasks() != problem.task_graph().num_tasks()) {
    throw std::invalid_argument(
        fmt::format("app mapping '{}' places {} tasks on {} slots: need one task per rank", placement.name(),
                    mapping.num_tasks(), job.num_slots()));
  }
  placement.check(problem.app_mappings());  // unknown steps: the module's message
  return placement.apply_steps(problem.task_graph(), job, options, std::move(mapping));
}

}  // namespace

Mapping compute_mapping(const Problem& problem, const Allocation& job, const tamp::Placement& placement,
                        const MapOptions& options) {
  const TaskGraph& graph = problem.task_graph();
  if (placement.names_one_of(problem.app_mappings()))
    return compute_app_mapping(problem, job, placement, options);
  Mapping mapping = placement.is_file() ? read_mapping(graph, job, placement.path())
                                        : map_tasks(placement, graph, job, options);
  if (mapping.num_tasks() != job.num_slots()) {
    throw std::invalid_argument(
        fmt::format("mapping '{}' places {} tasks on {} slots: need one task per rank", placement.str(),
                    mapping.num_tasks(), job.num_slots()));
  }
  return mapping;
}

std::vector<Mapping> compute_mappings(const Problem& problem, const Allocation& job,
                                      const CommonOptions& options) {
  std::vector<Mapping> mappings;
  if (options.launched_as) return mappings;
  // `auto` ranks its short list by a step of the tasks' own work, as the placements' predictions are made.
  MapOptions map = options.map;
  map.step_work = std::make_shared<const EvaluateOptions>(prediction_options(problem, options.compute_model));
  map.threads = omp_get_max_threads();  // this rank's share of the node's cores (set_default_threads)
  for (const tamp::Placement& placement : placements(options)) {
    try {
      mappings.push_back(compute_mapping(problem, job, placement, map));
    } catch (const std::exception& e) {
      if (options.compare.empty()) throw;
      throw std::invalid_argument(fmt::format("--compare entry '{}': {}", placement.str(), e.what()));
    }
  }
  return mappings;
}

Reordering::Reordering(MPI_Comm comm, int task, tamp::Placement placement, Mapping mapping, Metrics metrics)
    : comm_(comm),
      task_(task),
      placement_(std::move(placement)),
      mapping_(std::move(mapping)),
      metrics_(std::move(metrics)) {}

Reordering::Reordering(Reordering&& other) noexcept
    : comm_(std::exchange(other.comm_, MPI_COMM_NULL)),
      task_(other.task_),
      placement_(std::move(other.placement_)),
      mapping_(std::move(other.mapping_)),
      metrics_(std::move(other.metrics_)) {}

Reordering::~Reordering() {
  if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

Reordering apply_mapping(const TaskGraph& graph, const JobLayout& layout, const tamp::Placement& placement,
                         const Mapping& mapping, MPI_Comm world, const EvaluateOptions& evaluation) {
  int rank = 0;
  int ranks = 0;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &ranks);
  // Rank 0 computed the mapping and broadcasts it (docs/user-guide.md, how an app applies a mapping): the
  // result is the one every rank would compute (deterministic), but computed once — under SimGrid all ranks
  // share one process, so P computations of `auto` would cost P times as much. Only rank 0 reports the
  // metrics, evaluated with the mapping (P evaluations, the step-by-step prediction among them, would cost P
  // times as much under SimGrid; and no collective is added before the timed loop).
  Metrics metrics;
  std::vector<int> slots = collectively(world, [&] {
    if (graph.num_tasks() != ranks || layout.job.num_slots() != ranks ||
        static_cast<int>(layout.slot_of_rank.size()) != ranks) {
      throw std::invalid_argument(
          fmt::format("reordering needs one task per rank: {} tasks, {} ranks, {} job slots",
                      graph.num_tasks(), ranks, layout.job.num_slots()));
    }
    if (rank != 0) return std::vector<int>(ranks, 0);
    if (mapping.num_tasks() != ranks)
      throw std::invalid_argument("rank 0 holds no mapping of the job's ranks");
    metrics = evaluate(graph, layout.job, mapping, evaluation);
    return mapping.slots();
  });
  MPI_Bcast(slots.data(), ranks, MPI_INT, 0, world);
  Mapping applied(std::move(slots), layout.job.num_slots());
  const int task = applied.task_of_slot()[layout.slot_of_rank[rank]];

  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_split(world, 0, task, &comm);
  Reordering reordering(comm, task, placement, std::move(applied), std::move(metrics));
  int new_rank = -1;
  MPI_Comm_rank(comm, &new_rank);
  std::optional<std::string> error;
  if (new_rank != task) error = fmt::format("rank reordering failed: task {} got rank {}", task, new_rank);
  raise_if_any_failed(world, error);
  return reordering;
}

Reordering adopt_launcher_placement(const TaskGraph& graph, const JobLayout& layout,
                                    const tamp::Placement& placement, MPI_Comm world,
                                    const EvaluateOptions& evaluation) {
  int rank = 0;
  int ranks = 0;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &ranks);
  Mapping mapping(layout.slot_of_rank, layout.job.num_slots());
  // Only rank 0 reports the metrics: under SimGrid every rank shares one process, and P evaluations of the
  // whole graph would cost P times as much.
  Metrics metrics = collectively(world, [&] {
    if (graph.num_tasks() != ranks || static_cast<int>(layout.slot_of_rank.size()) != ranks) {
      throw std::invalid_argument(
          fmt::format("--launched-as needs one task per rank: {} tasks, {} ranks", graph.num_tasks(), ranks));
    }
    return rank == 0 ? evaluate(graph, layout.job, mapping, evaluation) : Metrics{};
  });
  // Rank == task already: a duplicate of world (the app's traffic apart from the harness's), no
  // MPI_Comm_split.
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_dup(world, &comm);
  return Reordering(comm, rank, placement, std::move(mapping), std::move(metrics));
}

namespace {

// Sum over kinds of units x seconds per unit, per task.
std::vector<double> seconds_of(const std::map<std::string, std::vector<double>, std::less<>>& units,
                               const ComputeModel& model) {
  std::vector<double> seconds;
  for (const auto& [kind, per_task] : units) {
    const double per_unit = model.seconds_per_unit(kind);
    seconds.resize(per_task.size(), 0.0);
    for (std::size_t t = 0; t < per_task.size(); ++t) seconds[t] += per_task[t] * per_unit;
  }
  return seconds;
}

}  // namespace

EvaluateOptions prediction_options(const Problem& problem, const ComputeModel& model) {
  EvaluateOptions options;
  const Problem::StepWork work = problem.step_work();
  if (model.modelled()) {
    options.hidden_compute = seconds_of(work.hidden, model);
    options.step_compute = seconds_of(work.after, model);
    for (const auto& [call, units] : work.before) options.before_compute[call] = seconds_of(units, model);
  }
  if (work.stepped || !options.step_compute.empty() || !options.before_compute.empty()) {
    options.steps = problem.iterations();
    options.warmup = problem.warmup();
    options.barrier = true;  // run_placement's MPI_Barriers before the warmup and the timed loop
  }
  return options;
}

SetupModel setup_model(const Problem& problem, const CommonOptions& options) {
  SetupModel setup;
  setup.ranks = options.launched_as ? SetupModel::Ranks::adopted : SetupModel::Ranks::reordered;
  setup.calls = problem.start_calls();
  return setup;
}

Reordering place_ranks(const Problem& problem, const JobLayout& layout, const tamp::Placement& placement,
                       const Mapping& mapping, const CommonOptions& options, MPI_Comm world) {
  int rank = 0;
  MPI_Comm_rank(world, &rank);
  EvaluateOptions evaluation;
  // Only rank 0 computes the metrics: the others skip the per-task sums too.
  if (rank == 0) evaluation = prediction_options(problem, options.compute_model);
  if (options.launched_as)
    return adopt_launcher_placement(problem.task_graph(), layout, placement, world, evaluation);
  return apply_mapping(problem.task_graph(), layout, placement, mapping, world, evaluation);
}

}  // namespace tamp::app
