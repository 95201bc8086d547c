#include "tamp/app/flow_run.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "tamp/app/reorder.hpp"

namespace tamp::app {
namespace {

Stats stats_of(const std::vector<double>& values) {
  Stats s;
  if (values.empty()) return s;
  s.min = *std::min_element(values.begin(), values.end());
  s.max = *std::max_element(values.begin(), values.end());
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
  return s;
}

}  // namespace

RunReport flow_placement(const std::string& app, const tamp::Placement& placement, const Mapping& mapping,
                         const Problem& problem, const JobLayout& layout, const CommonOptions& options) {
  const ComputeModel& model = options.compute_model;
  EvaluateOptions evaluation = prediction_options(problem, model);
  // Every step is charged as the run's (its graph and compute are the run's), so `simulated` steps stand for
  // all of them when the time per step does not drift from step to step (results.step_times shows it).
  const int steps = std::max(1, problem.iterations());
  const int simulated = options.flow_steps > 0 ? std::min(options.flow_steps, steps) : steps;
  const double scale = static_cast<double>(steps) / simulated;
  evaluation.steps = simulated;
  evaluation.warmup = problem.warmup();
  evaluation.barrier = true;
  if (options.flow_setup) evaluation.setup = setup_model(problem, options);
  evaluation.flow = options.flow;
  const auto started = std::chrono::steady_clock::now();
  Metrics metrics = evaluate(problem.task_graph(), layout.job, mapping, evaluation);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  FlowTimes& flow = metrics.flow;
  for (std::vector<double>* times : {&flow.total, &flow.compute, &flow.exchange, &flow.collective})
    for (double& t : *times) t *= scale;
  std::vector<double> comm(flow.exchange.size()), per_iteration(flow.total.size());
  for (std::size_t t = 0; t < comm.size(); ++t) {
    comm[t] = flow.exchange[t] + flow.collective[t];
    per_iteration[t] = flow.total[t] / steps;
  }
  RunReport report;
  report.app = app;
  report.engine = "flow";
  report.mapping = placement.str();
  report.ranks = options.ranks;
  report.threads = 1;
  report.backend = std::string(to_string(options.backend));
  report.machine = layout.machine.machine->describe();
  report.topology_source = layout.source;
  report.allocation = allocation_report(layout);
  report.note = simulated == steps ? "flow engine: simulated, nothing computed"
                                    : "flow engine: " + std::to_string(simulated) + " of " + std::to_string(steps) +
                                          " steps simulated, times scaled to every step; nothing computed";
  report.iterations = problem.iterations();
  report.total = stats_of(flow.total);
  report.compute = stats_of(flow.compute);
  report.comm = stats_of(comm);
  report.exchange = stats_of(flow.exchange);
  report.collective = stats_of(flow.collective);
  report.per_iteration = stats_of(per_iteration);
  report.compute_model = model.spec();
  report.skeleton = true;
  report.params = problem.params();
  report.results["step_times"] = flow.step;
  report.results["flow_engine"] = {{"sharing", to_string(flow.options.sharing)},
                                   {"delta", flow.options.delta},
                                   {"quantum", flow.options.quantum},
                                   {"changes", flow.options.changes},
                                   {"simulated_steps", simulated},
                                   {"setup", options.flow_setup},
                                   {"messages", flow.messages},
                                   {"flows", flow.flows},
                                   {"solves", flow.solves},
                                   {"in_network_at_solves", flow.in_network},
                                   {"resolved", flow.resolved},
                                   {"wall_seconds", wall}};
  report.rate_line = "Flow engine: " + std::to_string(flow.messages) + " messages, " + std::to_string(flow.solves) +
                     " max-min solves, " + std::to_string(wall) + " s of wall time";
  metrics.flow = {};  // per-task vectors: reported above, not kept twice
  report.metrics = std::move(metrics);
  report.prediction_comparable = problem.predicts_comm_time();
  return report;
}

}  // namespace tamp::app
