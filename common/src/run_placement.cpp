// One placement of a problem: reorder the ranks, allocate, warm up (not timed), timed loop, verify, compare
// with the first placement, reduce.
#include "tamp/app/run_placement.hpp"

#include "tamp/app/reduce_stats.hpp"
#include "tamp/app/reorder.hpp"

namespace tamp::app {
namespace {

// --compute-model calibrate: seconds per unit of each kind the problem charges, all ranks' seconds over all
// ranks' units (a mean weighted by the work of each rank). Collective on `comm`; kinds never charged are left
// out.
std::map<std::string, double> calibrate(const Problem& problem, const IterationTimers& timers,
                                        MPI_Comm comm) {
  const std::vector<std::string> kinds = problem.compute_kinds();
  std::vector<double> local(2 * kinds.size(), 0.0);
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const auto it = timers.charges.find(kinds[k]);
    if (it == timers.charges.end()) continue;
    local[2 * k] = it->second.seconds;
    local[2 * k + 1] = it->second.units;
  }
  std::vector<double> global(local.size(), 0.0);
  MPI_Allreduce(local.data(), global.data(), static_cast<int>(local.size()), MPI_DOUBLE, MPI_SUM, comm);
  std::map<std::string, double> out;
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    if (global[2 * k + 1] > 0) out[kinds[k]] = global[2 * k] / global[2 * k + 1];
  }
  return out;
}

}  // namespace

RunReport run_placement(const std::string& app, const tamp::Placement& placement, const Mapping& mapping,
                        const Problem& problem, const JobLayout& layout, const CommonOptions& options,
                        MPI_Comm world, FirstRun& first) {
  const Backend backend = options.backend;
  Reordering reordering = place_ranks(problem, layout, placement, mapping, options, world);

  RunContext context;
  context.comm = reordering.comm();
  context.task = reordering.task();
  context.placement = placement;
  context.job = &layout.job;
  context.mapping = &reordering.mapping();
  context.backend = backend;
  context.threads = backend_threads(backend);
  const ComputeModel& model = options.compute_model;
  context.compute_model = &model;
  context.skeleton = options.skeleton;
  std::unique_ptr<Run> run = problem.start(context);

  // Barriers before the warm-up and before the timed loop: the warm-up starts from a barrier's exit, not from
  // whenever the set-up's last collective let each rank go (a skew of microseconds that depends on the set-up code
  // and the placement, and that the flow engine, which models the two barriers, cannot know).
  IterationTimers warmup_timers;
  if (problem.warmup() > 0) MPI_Barrier(context.comm);
  for (int i = 0; i < problem.warmup(); ++i) run->iterate(warmup_timers);
  MPI_Barrier(context.comm);

  IterationTimers timers;
  const int iterations = problem.iterations();
  const double start = MPI_Wtime();
  for (int i = 0; i < iterations; ++i) run->iterate(timers);
  const double total = MPI_Wtime() - start;

  Verification verification;
  if (context.skeleton) {
    verification.note = "skeleton: data not computed";
  } else if (options.verify) {
    verification = run->verify();
    if (!first.set) {
      first.set = true;
      first.result = run->comparable_result();
    } else {
      run->compare_with_first(first.result, verification);
    }
  } else {
    verification.note = "--verify off";
  }

  const double per_iteration = iterations > 0 ? total / iterations : 0.0;
  const auto stats = reduce_stats({total, timers.compute.seconds(), timers.comm(), per_iteration,
                                   timers.exchange.seconds(), timers.collective.seconds()},
                                  context.comm);

  RunReport report;
  report.app = app;
  report.engine = simulated_build() ? "simgrid" : "mpi";
  report.mapping = placement.str();
  MPI_Comm_size(world, &report.ranks);
  report.threads = context.threads;
  report.backend = std::string(to_string(backend));
  report.machine = layout.machine.machine->describe();
  report.topology_source = layout.source;
  report.allocation = allocation_report(layout);
  report.verification = verification.status;
  report.error = verification.error;
  report.tolerance = verification.tolerance;
  report.note = verification.note;
  report.iterations = iterations;
  report.total = stats[0];
  report.compute = stats[1];
  report.comm = stats[2];
  report.per_iteration = stats[3];
  report.exchange = stats[4];
  report.collective = stats[5];
  report.compute_model = model.spec();
  report.skeleton = context.skeleton;
  if (model.calibrating()) report.calibration = calibrate(problem, timers, context.comm);
  report.metrics = reordering.metrics();
  report.prediction_comparable = problem.predicts_comm_time();
  report.params = problem.params();
  const Rate rate = run->rate(report.total.max, iterations);
  report.rate_line = rate.line;
  report.results = rate.fields;
  return report;
}

}  // namespace tamp::app
