// One placement of a problem: reorder the ranks, allocate, warm up (not timed), timed loop, verify, reduce.
#include "tamp/app/run_placement.hpp"

#include "tamp/app/reorder.hpp"
#include "tamp/app/stats.hpp"

namespace tamp::app {

RunReport run_placement(const std::string& app, const std::string& spec, const Problem& problem,
                        const Placement& placement, const CommonOptions& options, MPI_Comm world) {
  const Backend backend = parse_backend(options.backend);
  Reordering reordering = place_ranks(problem, placement, spec, options, world);

  RunContext context;
  context.comm = reordering.comm();
  context.task = reordering.task();
  context.backend = backend;
  context.threads = backend_threads(backend);
  std::unique_ptr<Run> run = problem.start(context);

  IterationTimers warmup_timers;
  for (int i = 0; i < problem.warmup(); ++i) run->iterate(warmup_timers);
  MPI_Barrier(context.comm);

  IterationTimers timers;
  const int iterations = problem.iterations();
  const double start = MPI_Wtime();
  for (int i = 0; i < iterations; ++i) run->iterate(timers);
  const double total = MPI_Wtime() - start;

  Verification verification;
  if (options.verify) {
    verification = run->verify();
  } else {
    verification.note = "--verify off";
  }

  const double per_iteration = iterations > 0 ? total / iterations : 0.0;
  const auto stats =
      reduce_stats({total, timers.compute.seconds(), timers.comm.seconds(), per_iteration}, context.comm);

  RunReport report;
  report.app = app;
  report.mapping = spec;
  MPI_Comm_size(world, &report.ranks);
  report.threads = context.threads;
  report.backend = std::string(to_string(backend));
  report.machine = placement.machine.machine->describe();
  report.topology_source = placement.source;
  report.allocation = allocation_report(placement);
  report.verification = verification.status;
  report.error = verification.error;
  report.tolerance = verification.tolerance;
  report.note = verification.note;
  report.iterations = iterations;
  report.total = stats[0];
  report.compute = stats[1];
  report.comm = stats[2];
  report.per_iteration = stats[3];
  report.metrics = reordering.metrics();
  report.params = problem.params();
  const Rate rate = run->rate(report.total.max, iterations);
  report.rate_line = rate.line;
  report.results = rate.fields;
  return report;
}

}  // namespace tamp::app
