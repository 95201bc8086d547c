#include "algorithms/composite/step_ranking.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "tamp/flow.hpp"
#include "tamp/metrics.hpp"

namespace tamp::impl {

std::vector<AutoRanked> rank_by_steps(const TaskGraph& graph, const Allocation& allocation,
                                      const std::vector<ShortListed>& list, const EvaluateOptions* step_work,
                                      std::int64_t work_bound, std::int64_t& work, std::string& note) {
  constexpr double kNotRanked = std::numeric_limits<double>::quiet_NaN();
  std::vector<AutoRanked> ranked;
  work = 0;
  bool stopped = false;
  for (std::size_t i = 0; i < list.size(); ++i) {
    AutoRanked entry{list[i].name, kNotRanked, "", 0};
    for (std::size_t j = 0; j < i && !stopped; ++j) {
      if (list[j].mapping->slots() == list[i].mapping->slots()) {
        entry.seconds = ranked[j].seconds;  // the same placement: the same time
        entry.same_as = list[j].name;
        break;
      }
    }
    if (!stopped && entry.same_as.empty()) {
      EvaluateOptions options = step_work ? *step_work : EvaluateOptions{};
      options.link_loads = true;
      options.steps = 1;
      options.warmup = 0;
      options.barrier = false;
      options.flow.delta = std::max(options.flow.delta, kRankingDelta);
      options.flow.changes = std::max(options.flow.changes, kRankingChanges);
      options.flow.work_limit = work_bound - work;
      try {
        if (options.flow.work_limit <= 0) throw FlowWorkLimit("no work left");
        const Metrics m = evaluate(graph, allocation, *list[i].mapping, options);
        entry.seconds = m.predicted_comm_time;
        entry.work = m.flow.work;
        work += m.flow.work;
      } catch (const FlowWorkLimit&) {
        stopped = true;
        work = work_bound;
        note = "the step model's work bound (" + std::to_string(work_bound) + ") ended the ranking at " +
               list[i].name;
      } catch (const std::invalid_argument& e) {
        note = std::string("not ranked by the step model: ") + e.what();
        return {};
      }
    }
    ranked.push_back(std::move(entry));
  }
  return ranked;
}

}  // namespace tamp::impl
