// `auto` (seed 000 ch. 8): pattern matching first (a detected grid is set on a copy of the graph, so the
// regular heuristics apply), then every candidate of the registry, the best kept by the objective ("the
// framework chooses the best heuristic from the suite ... based on the hop-bytes metric"), then `refine` on
// the winner.
#include "tamp/auto.hpp"

#include <cstdio>
#include <ostream>
#include <stdexcept>

#include "algorithms/composite/composite.hpp"
#include "algorithms/impl/objective.hpp"
#include "tamp/error.hpp"

namespace tamp {
namespace {

bool is_candidate(std::string_view name) {
  // `random` is the pessimistic baseline, never a winner worth its run time; `auto` would recurse.
  return name != "random" && name.substr(0, 4) != "auto";
}

}  // namespace

AutoResult map_auto(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  AutoResult result;
  result.objective = options.objective;
  result.graph_had_grid = graph.grid().has_value();
  TaskGraph with_grid;
  const TaskGraph* problem = &graph;
  if (!result.graph_had_grid) {
    result.pattern = detect_pattern(graph);
    if (result.pattern) {
      with_grid = graph;
      with_grid.set_grid(result.pattern->grid);
      problem = &with_grid;
    }
  }

  std::optional<impl::Score> best;
  std::string first_error;
  for (const MapperInfo& info : mapper_registry()) {
    if (!is_candidate(info.name)) continue;
    AutoCandidate candidate;
    candidate.name = std::string(info.name);
    try {
      Mapping mapping = map_tasks(info.name, *problem, allocation, options);
      const impl::Score s = impl::score(*problem, allocation, mapping, options.objective);
      candidate.applied = true;
      candidate.primary = s.primary;
      candidate.secondary = s.secondary;
      if (!best || s < *best) {  // strict: ties keep the earlier algorithm
        best = s;
        result.mapping = std::move(mapping);
        result.chosen = candidate.name;
      }
    } catch (const std::invalid_argument& e) {
      candidate.note = e.what();
      if (first_error.empty()) first_error = e.what();
    }
    result.candidates.push_back(std::move(candidate));
  }
  if (!best) throw std::invalid_argument("auto: no algorithm applies (" + first_error + ")");

  for (const RefinerInfo& step : refiner_registry()) {
    if (step.name != "refine") continue;
    Mapping refined = step.fn(*problem, allocation, options, result.mapping);
    refined.validate(options.max_tasks_per_slot);
    const impl::Score s = impl::score(*problem, allocation, refined, options.objective);
    AutoCandidate candidate{result.chosen + "+refine", true, s.primary, s.secondary, ""};
    if (s < *best) {
      result.mapping = std::move(refined);
      result.chosen = candidate.name;
    }
    result.candidates.push_back(std::move(candidate));
  }
  return result;
}

void print_auto_report(std::ostream& os, const AutoResult& result) {
  if (result.graph_had_grid)
    os << "pattern: the graph's own grid\n";
  else if (result.pattern)
    os << "pattern: " << describe(*result.pattern) << "\n";
  else
    os << "pattern: no regular grid found (irregular graph)\n";
  const bool congestion = result.objective == Objective::congestion;
  char line[256];
  std::snprintf(line, sizeof line, "%-20s %14s%s\n", "candidate", congestion ? "congestion" : "hop-bytes",
                congestion ? "      hop-bytes" : "");
  os << line;
  for (const AutoCandidate& c : result.candidates) {
    if (!c.applied) {
      os << c.name << std::string(c.name.size() < 20 ? 20 - c.name.size() : 0, ' ') << " skipped: " << c.note
         << "\n";
      continue;
    }
    if (congestion)
      std::snprintf(line, sizeof line, "%-20s %14.6g %14.6g%s\n", c.name.c_str(), c.primary, c.secondary,
                    c.name == result.chosen ? "  <- chosen" : "");
    else
      std::snprintf(line, sizeof line, "%-20s %14.6g%s\n", c.name.c_str(), c.primary,
                    c.name == result.chosen ? "  <- chosen" : "");
    os << line;
  }
}

namespace impl {

Mapping map_auto_mapping(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return map_auto(graph, allocation, options).mapping;
}

}  // namespace impl
}  // namespace tamp
