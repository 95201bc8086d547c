#include "algorithms/impl/objective.hpp"

namespace tamp::impl {

Score score(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping, Objective objective) {
  EvaluateOptions options;
  options.link_loads = objective != Objective::hop_bytes;
  const Metrics m = evaluate(graph, allocation, mapping, options);
  if (objective == Objective::congestion) return {m.max_congestion, m.hop_bytes};
  if (objective == Objective::time) return {m.predicted_comm_time, m.hop_bytes};
  // Declared level distances are what hop-bytes means on that machine (KaHIP's objective).
  return {m.level_cost ? *m.level_cost : m.hop_bytes, 0};
}

}  // namespace tamp::impl
