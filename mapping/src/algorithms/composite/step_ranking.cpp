#include "algorithms/composite/step_ranking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "tamp/flow.hpp"
#include "tamp/metrics.hpp"

namespace tamp::impl {

namespace {

// One run of the engine within `work_left`, with `options` as given.
StepRun run_engine(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
                   EvaluateOptions options, std::int64_t work_left) {
  StepRun run;
  if (work_left <= 0) {
    run.over = true;
    return run;
  }
  options.flow.work_limit = work_left;
  try {
    const Metrics m = evaluate(graph, allocation, mapping, options);
    run.seconds = m.predicted_comm_time;
    run.work = m.flow.work;
  } catch (const FlowWorkLimit&) {
    run.over = true;
  } catch (const std::invalid_argument& e) {
    run.error = e.what();
  }
  return run;
}

}  // namespace

StepRun run_step(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
                 const EvaluateOptions* step_work, std::int64_t work_left) {
  EvaluateOptions options = step_work ? *step_work : EvaluateOptions{};
  options.link_loads = true;
  options.steps = 1;
  options.warmup = 0;
  options.barrier = false;
  options.flow.delta = std::max(options.flow.delta, kRankingDelta);
  options.flow.changes = std::max(options.flow.changes, kRankingChanges);
  return run_engine(graph, allocation, mapping, std::move(options), work_left);
}

std::size_t fastest_ranked(const std::vector<AutoRanked>& ranked, double AutoRanked::*time) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < ranked.size(); ++i)
    if (ranked[i].*time < ranked[best].*time) best = i;
  return best;
}

std::int64_t run_finalists(const TaskGraph& graph, const Allocation& allocation,
                           const std::vector<ShortListed>& list, const EvaluateOptions* step_work,
                           std::int64_t work_left, std::vector<AutoRanked>& ranked) {
  if (step_work == nullptr || step_work->steps <= 0 || ranked.empty() || std::isnan(ranked[0].seconds)) return 0;
  // One step at coarse windows misjudges placements within a few percent of each other (the app's steps drift
  // apart, and its compute lines them up differently): the close ones run as the app runs.
  const double fastest = ranked[fastest_ranked(ranked, &AutoRanked::seconds)].seconds;
  std::vector<std::size_t> finalists;
  for (std::size_t i = 1; i < ranked.size(); ++i)
    if (!std::isnan(ranked[i].seconds) && ranked[i].same_as.empty() &&
        ranked[i].seconds <= fastest * (1 + kFinalistMargin))
      finalists.push_back(i);
  std::stable_sort(finalists.begin(), finalists.end(),
                   [&](std::size_t a, std::size_t b) { return ranked[a].seconds < ranked[b].seconds; });
  if (finalists.size() > kMaxFinalists - 1) finalists.resize(kMaxFinalists - 1);
  finalists.insert(finalists.begin(), 0);
  EvaluateOptions options = *step_work;
  options.link_loads = true;  // the step model runs with the link loads
  std::int64_t spent = 0;
  for (std::size_t i : finalists) {
    const StepRun run = run_engine(graph, allocation, *list[i].mapping, options, work_left - spent);
    if (run.over || !run.error.empty()) break;  // the rest keep NaN: not compared
    ranked[i].run_seconds = run.seconds;
    spent += run.work;
  }
  return spent;
}

std::vector<AutoRanked> rank_by_steps(const TaskGraph& graph, const Allocation& allocation,
                                      const std::vector<ShortListed>& list, const EvaluateOptions* step_work,
                                      std::int64_t work_bound, std::int64_t& work, std::string& note,
                                      const StepRun* first) {
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
      const StepRun run = i == 0 && first ? *first
                                          : run_step(graph, allocation, *list[i].mapping, step_work, work_bound - work);
      if (!run.error.empty()) {
        note = "not ranked by the step model: " + run.error;
        return {};
      }
      if (run.over) {
        stopped = true;
        work = work_bound;
        note = "the step model's work bound (" + std::to_string(work_bound) + ") ended the ranking at " +
               list[i].name;
      } else {
        entry.seconds = run.seconds;
        entry.work = run.work;
        work += run.work;
      }
    }
    ranked.push_back(std::move(entry));
  }
  return ranked;
}

}  // namespace tamp::impl
