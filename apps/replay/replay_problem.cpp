#include "replay_problem.hpp"

#include <fmt/format.h>

#include "replay_run.hpp"
#include "tamp/app/compute_model.hpp"
#include "tamp/app/memory.hpp"
#include "tamp/app/shared_graph.hpp"
#include "tamp/io/graph_file.hpp"

namespace tamp::replay {

MemoryCheck memory_check(const app::CommonOptions& options) {
  if (options.engine == app::Engine::flow) return MemoryCheck::none;
  if (app::simulated_build() && !options.skeleton) return MemoryCheck::all_tasks;
  return MemoryCheck::largest_task;
}

ReplayProblem::ReplayProblem(ReplayOptions options, int ranks, MemoryCheck check)
    : options_(std::move(options)) {
  const std::string what = "--graph " + options_.graph;
  // One graph and one plan per process: under SMPI every rank would otherwise hold its own (O(P^2)).
  // The flow engine times each call's rounds as this app posts them (phases_as_replayed).
  graph_ = app::shared_task_graph("replay:" + options_.graph, [&] {
    TaskGraph graph = load_task_graph(options_.graph);
    if (graph.has_phases()) graph.set_phases(phases_as_replayed(graph, make_replay_plan(graph, what)));
    return graph;
  });
  if (graph_->num_tasks() != ranks)
    throw std::invalid_argument(fmt::format("{}: {} tasks for {} ranks (tamp-replay runs one task per rank)",
                                            what, graph_->num_tasks(), ranks));
  plan_ = app::shared_object<ReplayPlan>("replay-plan:" + options_.graph,
                                         [&] { return make_replay_plan(*graph_, what); });
  weights_ = graph_->has_task_weights() ? graph_->task_weights()
                                        : std::vector<double>(static_cast<std::size_t>(ranks), 1.0);
  if (check == MemoryCheck::all_tasks)
    app::require_memory(plan_->all_tasks, what,
                        fmt::format("the message buffers of all {} tasks, in one simulated process", ranks));
  if (check == MemoryCheck::largest_task)
    app::require_memory(static_cast<double>(plan_->largest_task), what,
                        "the message buffers of its largest task");
}

nlohmann::json ReplayProblem::params() const {
  nlohmann::json calls = nlohmann::json::array();
  for (const Call& c : plan_->calls) {
    calls.push_back(
        {{"name", c.name},
         {"kind", c.collective ? "collective" : "p2p"},
         {"count", c.count},
         {"runs_as", c.mpi.op == Collective::rounds ? "messages" : std::string(to_string(c.mpi.op))},
         {"launcher_order", c.launcher_order}});
  }
  return {{"graph", options_.graph},
          {"tasks", graph_->num_tasks()},
          {"steps", options_.steps},
          {"warmup", options_.warmup},
          {"messages_per_step", plan_->messages},
          {"bytes_per_step", plan_->bytes},
          {"buffer_bytes_max", plan_->largest_task},
          {"calls", calls}};
}

std::string ReplayProblem::summary() const {
  int collectives = 0, mpi = 0;
  for (const Call& c : plan_->calls) {
    collectives += c.collective;
    mpi += c.mpi.op != Collective::rounds;
  }
  return fmt::format(
      "replay of {}: {} tasks, {} calls per step ({} collectives, {} as MPI collectives), "
      "{} messages and {:.4g} bytes per step, {} steps + {} warm-up",
      options_.graph, graph_->num_tasks(), plan_->calls.size(), collectives, mpi, plan_->messages,
      plan_->bytes, options_.steps, options_.warmup);
}

app::Problem::StepWork ReplayProblem::step_work() const {
  StepWork work;
  work.after["task"].assign(weights_.size(), 1.0);
  work.after["weight"] = weights_;
  return work;
}

std::unique_ptr<app::Run> ReplayProblem::start(const app::RunContext& context) const {
  return make_replay_run(*plan_, weights_[static_cast<std::size_t>(context.task)], context);
}

}  // namespace tamp::replay
