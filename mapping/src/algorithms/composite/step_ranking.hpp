// `auto`'s last words under the time objective: its short list ranked by the flow engine's step, which ranks
// placements as the simulator does where the phases added up do not, then the close ones run as the app runs
// them (docs/algorithms/composite.md, `auto` steps 7-8).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tamp/auto.hpp"
#include "tamp/metrics.hpp"

namespace tamp::impl {

/// A placement of the short list: its name in the report and its mapping (kept by the caller).
struct ShortListed {
  std::string name;
  const Mapping* mapping;
};

/// The engine's windows while ranking, coarser than a run's (FlowOptions): on graphs of large messages (MFDn at
/// n_d = 63) a step costs 4-9 times less work and its time moves by at most 3%, so more of the short list fits
/// in the work bound (docs/algorithms/composite.md, `auto` step 7).
constexpr double kRankingDelta = 1e-2;
constexpr double kRankingChanges = 0.2;

/// One entry's step, run within `work_left` of the engine's work: its time and work; `over` when the work ran
/// out first; `error` when the graph's phases cannot run as steps.
struct StepRun {
  double seconds = 0;
  std::int64_t work = 0;
  bool over = false;
  std::string error;
};
StepRun run_step(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
                 const EvaluateOptions* step_work, std::int64_t work_left);

/// The entry of `ranked` fastest by `time` (ties: the earlier entry, so `default` wins ties; NaN never wins).
std::size_t fastest_ranked(const std::vector<AutoRanked>& ranked, double AutoRanked::*time);

/// The finalists: entries of a ranking within this fraction of its fastest, `default` always, at most
/// kMaxFinalists, run again as the app runs (docs/algorithms/composite.md, `auto` step 8).
constexpr double kFinalistMargin = 0.05;
constexpr std::size_t kMaxFinalists = 6;

/// Step 8: when `step_work` is an app's run (steps > 0), the finalists of `ranked` (entry 0 is `default`) run
/// the app's own steps, warm-up and barrier at the run's windows, default first, then by their ranked time,
/// within `work_left`; each sets its AutoRanked::run_seconds. Returns the work spent.
std::int64_t run_finalists(const TaskGraph& graph, const Allocation& allocation,
                           const std::vector<ShortListed>& list, const EvaluateOptions* step_work,
                           std::int64_t work_left, std::vector<AutoRanked>& ranked);

/// The step model's times of `list`, in order, one step of the graph's phases (those windows) (the tasks' work of `step_work`
/// when not null, else the network alone), until the
/// engine's work passes `work_bound` (the entry being run then and the rest are not ranked). An entry whose
/// mapping equals an earlier one's is not run again. Entries are AutoRanked with seconds = NaN when not
/// ranked. The work spent is returned in `work`; nothing is ranked when the graph's phases cannot run as
/// steps
/// (`note` says why). `first`, when given, is run_step() of the first entry with the whole bound, run earlier
/// by the caller (`auto` runs the launcher's step beside its candidates).
std::vector<AutoRanked> rank_by_steps(const TaskGraph& graph, const Allocation& allocation,
                                      const std::vector<ShortListed>& list, const EvaluateOptions* step_work,
                                      std::int64_t work_bound, std::int64_t& work, std::string& note,
                                      const StepRun* first = nullptr);

}  // namespace tamp::impl
