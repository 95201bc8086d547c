// The predicted communication time of one phase (docs/mapping.md), for evaluate().
#pragma once
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/metrics.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::impl {

/// When each message of a phase lands and each task has posted its messages, from the task's own start.
struct PhaseTiming {
  std::vector<double> lands;    // per edge, in CSR order, from its sender's start
  std::vector<double> posted;   // per task
  std::vector<double> busiest;  // per edge: overhead, latency and the busiest resource on its way (0 on the node)
};

/// Figures of the messages of one phase (`messages`, a CSR graph) whose link loads on the placement are
/// `loads` (indexed by LinkId); `node_of_task` is the machine node of every task. Name, kind and count are
/// left to the caller. `hidden`: empty, or the seconds every task computes between posting its messages and
/// waiting for its own (EvaluateOptions::hidden_compute). O(messages + links + tasks).
PhaseMetrics predict_phase(const TaskGraph& messages, const std::vector<double>& loads,
                           const Allocation& allocation, const std::vector<int>& node_of_task,
                           const std::vector<double>& hidden = {}, PhaseTiming* timing = nullptr);

/// One phase of a step for predict_steps(): its messages and their timing (predict_phase()), repeated `count`
/// times; `hides`: tasks compute their hidden work while its messages travel (point-to-point phases).
struct StepPhase {
  const TaskGraph* messages = nullptr;
  const PhaseTiming* timing = nullptr;
  int count = 1;
  bool hides = false;
};

/// The phases of a step, in order, run `steps` times, each task on its own clock from a common start
/// (docs/mapping.md, "Step by step"): in each phase a task posts its messages, computes `hidden[t]` seconds
/// (phases that hide), and waits for its own; after the last phase it computes `after[t]` and starts the next
/// step. Returns the largest per-task posting and waiting, per step. `hidden`, `after`: empty (none) or one
/// value per task.
double predict_steps(const std::vector<StepPhase>& phases, int tasks, const std::vector<double>& hidden,
                     const std::vector<double>& after, int steps);

}  // namespace tamp::impl
