// `auto` ([Bhatele10] ch. 8): find the pattern, run every applicable algorithm, keep the best by the
// objective, then refine it; with a report of what was tried and how each scored.
#pragma once
#include <iosfwd>
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
};

/// Runs every algorithm of the registry except `auto` itself and `random` on (graph with the detected grid
/// set, when it had none), skips those that throw std::invalid_argument (they do not apply), keeps the best
/// by options.objective (ties: the earlier in registry order, so `default` wins ties), then runs `refine` on
/// it and keeps the refined mapping when it is strictly better. Never worse than `default`, and `default`
/// itself unless the winner scores at least options.min_gain (a fraction) better. Deterministic.
AutoResult map_auto(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options = {});

/// The report as a small table: pattern, each candidate and its score (or why it was skipped), the winner.
void print_auto_report(std::ostream& os, const AutoResult& result);

}  // namespace tamp
