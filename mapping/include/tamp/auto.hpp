// `auto` ([Bhatele10] ch. 8): find the pattern, run every applicable algorithm, keep the best by the
// objective, then refine it; with a report of what was tried and how each scored.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "tamp/mapper.hpp"
#include "tamp/pattern.hpp"

namespace tamp {

/// One algorithm `auto` tried.
struct AutoCandidate {
  std::string name;
  bool applied = false;  // false: the algorithm does not apply to this problem; `note` says why
  double primary = 0;    // objective: hop-bytes, max congestion, or predicted communication time (s)
  double secondary = 0;  // hop-bytes when the objective is congestion or time, else 0
  std::string note;
};

/// One placement of the short list that the step model ranks (objective `time`).
struct AutoRanked {
  std::string name;     // a candidate's name, "random", or the winner by the phases ("X+refine")
  double seconds = 0;   // the step model's communication time of one step; NaN: not ranked (work bound)
  std::string same_as;  // the placement equals this earlier entry's (not run again)
  std::int64_t work = 0;  // the engine's work for it (FlowTimes::work)
  // A finalist's communication per step in the app's own run (its steps, warm-up and barrier, the run's
  // windows); NaN: not a finalist, or the work bound stopped first.
  double run_seconds = std::numeric_limits<double>::quiet_NaN();
};

struct AutoResult {
  Mapping mapping;
  std::string chosen;  // the winner, e.g. "mxoval" or "mxoval+refine"
  Objective objective = Objective::hop_bytes;
  bool graph_had_grid = false;         // the graph came with a grid shape (no detection needed)
  std::optional<GridPattern> pattern;  // the grid detection found (when the graph had none)
  std::vector<AutoCandidate>
      candidates;  // registry order (all but `auto` and `random`), then the refined winner
  // Set when `default` was kept over a winner less than options.min_gain better: that winner and its gain.
  std::string kept_over;
  double kept_gain = 0;
  double min_gain = 0;  // options.min_gain of the run
  // Objective `time`: the short list in the order it was ranked by the step model (empty when it was not:
  // another objective, options.step_model_work = 0, or a graph whose phases cannot run as steps), the engine's
  // work it took, and why the ranking stopped short or did not run.
  std::vector<AutoRanked> ranked;
  std::int64_t ranked_work = 0;
  std::string ranked_note;
};

/// Runs every algorithm of the registry except `auto` itself and `random` on (graph with the detected grid
/// set, when it had none), skips those that throw std::invalid_argument (they do not apply), keeps the best
/// by options.objective (ties: the earlier in registry order, so `default` wins ties), then runs `refine` on
/// it and keeps the refined mapping when it is strictly better. Never worse than `default`, and `default`
/// itself unless the winner scores at least options.min_gain (a fraction) better. Under Objective::time the
/// winner, `default`, `random` and the other candidates (refined ones too) are then ranked by the flow engine's
/// step, best by the phases first, within options.step_model_work, and the fastest ranked one is returned
/// (`default` unless one is at least min_gain faster); in an app's run (options.step_work with steps), `default`
/// and the ranked placements close to the fastest run again as the app runs, and that run decides. Deterministic.
AutoResult map_auto(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options = {});

/// The report as a small table: pattern, each candidate and its score (or why it was skipped), the winner.
void print_auto_report(std::ostream& os, const AutoResult& result);

}  // namespace tamp
