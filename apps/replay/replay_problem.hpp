// A replay as a tamp::app::Problem: the task graph read as tamp-map reads it, the plan of its steps, the
// compute per task and per unit of task weight, and the runs.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "replay_plan.hpp"
#include "replay_spec.hpp"
#include "tamp/app/options.hpp"
#include "tamp/app/problem.hpp"

namespace tamp::replay {

/// Whose message buffers must fit in this node's memory: nobody's (the flow engine allocates none), the
/// largest task's (a process per rank, or buffers folded across the ranks of a skeleton run), or all tasks'
/// (the simulated build, every rank in one process).
enum class MemoryCheck { none, largest_task, all_tasks };
MemoryCheck memory_check(const app::CommonOptions& options);

class ReplayProblem final : public app::Problem {
 public:
  /// Loads the graph and plans its steps; throws std::invalid_argument naming --graph when the graph has
  /// another task count than `ranks`, a call cannot be replayed, or its buffers do not fit (`check`).
  ReplayProblem(ReplayOptions options, int ranks, MemoryCheck check);

  const TaskGraph& task_graph() const override { return *graph_; }
  nlohmann::json params() const override;
  std::string summary() const override;
  int warmup() const override { return options_.warmup; }
  int iterations() const override { return options_.steps; }
  std::unique_ptr<app::Run> start(const app::RunContext& context) const override;
  /// `task`: one unit per task and step; `weight`: the task's weight (1 without vertex weights) per step.
  std::vector<std::string> compute_kinds() const override { return {"task", "weight"}; }
  StepWork step_work() const override;

 private:
  ReplayOptions options_;
  std::shared_ptr<const TaskGraph> graph_;
  std::shared_ptr<const ReplayPlan> plan_;
  std::vector<double> weights_;
};

}  // namespace tamp::replay
