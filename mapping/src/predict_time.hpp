// The predicted communication time of one phase (docs/mapping.md), for evaluate().
#pragma once
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/metrics.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::impl {

/// Figures of the messages of one phase (`messages`, a CSR graph) whose link loads on the placement are
/// `loads` (indexed by LinkId); `node_of_task` is the machine node of every task. Name, kind and count are
/// left to the caller. `hidden`: empty, or the seconds every task computes between posting its messages and
/// waiting for its own (EvaluateOptions::hidden_compute). O(messages + links + tasks).
PhaseMetrics predict_phase(const TaskGraph& messages, const std::vector<double>& loads,
                           const Allocation& allocation, const std::vector<int>& node_of_task,
                           const std::vector<double>& hidden = {});

}  // namespace tamp::impl
