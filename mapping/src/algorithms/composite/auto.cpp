// `auto` ([Bhatele10] ch. 8): pattern matching first (a detected grid is set on a copy of the graph, so the
// regular heuristics apply), then every candidate of the registry, the best kept by the objective ("the
// framework chooses the best heuristic from the suite ... based on the hop-bytes metric"), then `refine` on
// the winner.
#include "tamp/auto.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

#include "algorithms/composite/composite.hpp"
#include "algorithms/composite/step_ranking.hpp"
#include "algorithms/impl/objective.hpp"
#include "algorithms/irregular/sym_graph.hpp"
#include "parallel.hpp"
#include "tamp/error.hpp"

namespace tamp {
namespace {

// Candidates up to this factor worse than the best are refined: on the instances of tests/perf the refined
// winner started up to 1.74x worse than the best unrefined candidate (geom on a 2D stencil onto a 3D torus);
// starts 2x worse (default, round-robin) never won, and refining them is most of auto's time.
constexpr double kRefineWithin = 2.0;
// Beyond this many tasks, where each refinement costs most of a second, only the kLargeGraphStarts best distinct
// starts are refined: on the 10^6-task stencil the winner came from the best start, and the other twelve
// refinements took 10 of `auto`'s 36 s of CPU (docs/algorithms/composite.md, `auto` step 4).
constexpr int kLargeGraphTasks = 65536;
constexpr std::size_t kLargeGraphStarts = 8;

// auto runs every candidate, and most of them scan every slot of the allocation: a job far smaller than its
// allocation (16 tasks on a whole 4096x4096 mesh: 16.7M slots, 280 s and 3.9 GB) is refused before the work.
constexpr std::int64_t kManySlots = std::int64_t{1} << 20;
constexpr std::int64_t kSlotsPerTask = 1024;

void check_allocation_size(const TaskGraph& graph, const Allocation& allocation) {
  const std::int64_t slots = allocation.num_slots(), tasks = std::max(graph.num_tasks(), 1);
  if (slots > kManySlots && slots > kSlotsPerTask * tasks) {
    throw std::invalid_argument("auto: " + std::to_string(graph.num_tasks()) + " tasks on an allocation of " +
                                std::to_string(slots) +
                                " slots: every candidate scans every slot; give the job's own nodes (a "
                                "machine file's `nodes` list, e.g. "
                                "from tamp-map alloc) or a single algorithm");
  }
}

bool is_candidate(std::string_view name) {
  // `random` joins apart, under `time` only and unrefined (join_random); `auto` would recurse.
  return name != "random" && name.substr(0, 4) != "auto";
}

// Every candidate's mapping and score, as map_auto keeps them until its end.
struct Scored {
  impl::Score score;
  std::size_t index;  // into AutoResult::candidates
  Mapping mapping;
};

// One registry algorithm's try: its mapping and score, or why it does not apply.
struct CandidateRun {
  std::optional<Mapping> mapping;
  impl::Score score;
  std::string note;
};

// The launcher's placement costs nothing to keep: a winner (of score `winner`) predicted less than
// options.min_gain better is within the model's error (docs/algorithms/composite.md, `auto` step 6), so
// `default` stays, and the report says what it was kept over.
void keep_default_within_min_gain(const impl::Score& winner, const MapOptions& options,
                                  const std::vector<Scored>& scored, AutoResult& result) {
  const auto by_default = std::find_if(scored.begin(), scored.end(), [&](const Scored& s) {
    return result.candidates[s.index].name == "default";
  });
  if (by_default == scored.end() || result.chosen == "default") return;
  const double base = by_default->score.primary;
  const double gain = base > 0 ? 1.0 - winner.primary / base : 0.0;
  if (gain >= options.min_gain) return;
  result.kept_over = result.chosen;
  result.kept_gain = gain;
  result.mapping = by_default->mapping;
  result.chosen = "default";
}

// Objective `time`: the short list (`default`, the winner by the phases, then every other candidate, refined
// candidate and `random`, best by the phases first) ranked by the flow engine's step within
// options.step_model_work. The fastest ranked entry wins; `default` stays unless it is at least
// options.min_gain faster. False when the phases' winner was not ranked (the phases' verdict stands).
// `launcher_step` is the launcher's step, run beside the candidates; `random` the `random` placement (see
// join_random).
bool decide_by_steps(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                     const std::vector<Scored>& scored, const std::vector<Scored>& refined,
                     const impl::StepRun& launcher_step, const Scored& random, AutoResult& result) {
  const Mapping* launcher = nullptr;
  std::vector<const Scored*> others;
  for (const Scored& c : scored) {
    if (result.candidates[c.index].name == "default")
      launcher = &c.mapping;
    else
      others.push_back(&c);
  }
  if (launcher == nullptr) return false;
  for (const Scored& c : refined) others.push_back(&c);
  others.push_back(&random);
  std::stable_sort(others.begin(), others.end(),
                   [](const Scored* a, const Scored* b) { return a->score < b->score; });
  const Mapping phase_winner = result.mapping;
  std::vector<impl::ShortListed> list = {{"default", launcher}, {result.chosen, &phase_winner}};
  for (const Scored* c : others) {
    std::string name = result.candidates[c->index].name;
    if (name == result.chosen) name += " (unpolished)";  // the winner before the polish
    list.push_back({name, &c->mapping});
  }
  result.ranked = impl::rank_by_steps(graph, allocation, list, options.step_work.get(),
                                      options.step_model_work, result.ranked_work, result.ranked_note,
                                      &launcher_step);
  // The step model overrules the phases only where it ranked their winner (entry 1): a bound that stopped after
  // `default` alone would otherwise hand the choice to `default` by default.
  if (result.ranked.size() < 2 || std::isnan(result.ranked[1].seconds)) return false;
  result.ranked_work += impl::run_finalists(graph, allocation, list, options.step_work.get(),
                                            options.step_model_work - result.ranked_work, result.ranked);
  // The app's own run decides where it ran `default` and the ranking's fastest; else one step does.
  const std::size_t coarse_best = impl::fastest_ranked(result.ranked, &AutoRanked::seconds);
  const bool by_run = !std::isnan(result.ranked.front().run_seconds) &&
                      !std::isnan(result.ranked[coarse_best].run_seconds);
  const auto time = by_run ? &AutoRanked::run_seconds : &AutoRanked::seconds;
  std::size_t best = by_run ? impl::fastest_ranked(result.ranked, time) : coarse_best;
  const double base = result.ranked.front().*time;
  const double gain = base > 0 ? 1.0 - result.ranked[best].*time / base : 0.0;
  if (best != 0 && gain < options.min_gain) {
    result.kept_over = list[best].name;
    result.kept_gain = gain;
    best = 0;
  }
  result.chosen = list[best].name;
  result.mapping = *list[best].mapping;
  return true;
}

// Objective `time`: `random` joins the candidates after the search, scored by the phases like the others. Both
// models can prefer it (an all-to-all's pairwise rounds drift apart and spread over the links), so it competes in
// the step model's ranking and, where that ranks nothing or is off, in the phases' verdict; it is not refined.
Scored join_random(CandidateRun& random, AutoResult& result) {
  if (!random.mapping) throw std::invalid_argument(random.note);
  result.candidates.push_back({"random", true, random.score.primary, random.score.secondary, ""});
  return {random.score, result.candidates.size() - 1, std::move(*random.mapping)};
}

// A refined mapping (of score `s`) joins the candidates and the step model's short list, and becomes the winner
// when it scores strictly better than the best so far.
void add_refined(const MapOptions& options, std::string name, Mapping refined, const impl::Score& s,
                 std::vector<Scored>& refined_all, impl::Score& best, bool& refined_wins, AutoResult& result) {
  refined.validate(options.max_tasks_per_slot);
  if (s < best) {
    best = s;
    result.mapping = refined;
    result.chosen = name;
    refined_wins = true;
  }
  refined_all.push_back({s, result.candidates.size(), std::move(refined)});
  result.candidates.push_back({std::move(name), true, s.primary, s.secondary, ""});
}

// Objective `time`: the refinement above lowers hop-bytes, but a bandwidth-bound step's time is its busiest
// link's: the starts of the refined candidates are refined again by max congestion (`refine` under --objective
// congestion), and each result is a candidate ranked by time like the others. On a clustered 6-nearest-neighbour
// graph on a Blue Gene/P-like torus this step finds a placement 19% faster than the hop-bytes refinement, on a
// power-law graph on a dragonfly 10% faster, from the 5th start (docs/performance.md, "`auto` on graphs of other
// origins"). Every start up to kLargeGraphTasks tasks; beyond, where each refinement costs seconds, the
// kCongestionStarts best.
constexpr std::size_t kCongestionStarts = 2;

void refine_by_congestion(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                          const impl::SymGraph& sym, int threads, const std::vector<const Scored*>& starts,
                          std::vector<Scored>& refined_all, impl::Score& best, bool& refined_wins,
                          AutoResult& result) {
  std::vector<std::size_t> order(refined_all.size());  // refined_all[i] was refined from starts[i]
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return refined_all[a].score < refined_all[b].score; });
  MapOptions by_congestion = options;
  by_congestion.objective = Objective::congestion;
  const std::size_t starts_refined =
      std::min(order.size(), graph.num_tasks() <= kLargeGraphTasks ? order.size() : kCongestionStarts);
  std::vector<std::pair<Mapping, impl::Score>> runs(starts_refined);
  impl::parallel_for(starts_refined, threads, [&](std::size_t k) {
    const Mapping& start = starts[order[k]]->mapping;
    Mapping refined = impl::refine_scored(graph, allocation, by_congestion, sym, start,
                                          impl::score(graph, allocation, start, Objective::congestion))
                          .first;
    const impl::Score s = impl::score(graph, allocation, refined, options.objective);
    runs[k] = {std::move(refined), s};
  });
  for (std::size_t k = 0; k < starts_refined; ++k)
    add_refined(options, result.candidates[starts[order[k]]->index].name + "+refine(congestion)",
                std::move(runs[k].first), runs[k].second, refined_all, best, refined_wins, result);
}

// On machines with level distances, under `time`: the best of the congestion refinements is refined by congestion
// again, round after round while its score by congestion drops, and each round is a candidate
// `NAME+refine(congestion)xK` (K the refinements made). The group phase finds new exchanges once the task phase
// has moved tasks; the max uplink load keeps dropping, but the step's time does not follow it closely, so every
// round goes to the step model's short list, where the phases put them first (docs/algorithms/composite.md,
// `auto` step 4). At most kCongestionRounds rounds beyond the first.
constexpr int kCongestionRounds = 4;

void refine_congestion_again(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                             const impl::SymGraph& sym, std::size_t first_congestion,
                             std::vector<Scored>& refined_all, impl::Score& best, bool& refined_wins,
                             AutoResult& result) {
  if (allocation.machine().level_distances().empty() || first_congestion >= refined_all.size()) return;
  std::size_t from = first_congestion;  // the best congestion refinement by the objective (ties: the first)
  for (std::size_t k = first_congestion + 1; k < refined_all.size(); ++k)
    if (refined_all[k].score < refined_all[from].score) from = k;
  const std::string name = result.candidates[refined_all[from].index].name;
  MapOptions by_congestion = options;
  by_congestion.objective = Objective::congestion;
  Mapping current = refined_all[from].mapping;
  impl::Score current_congestion = impl::score(graph, allocation, current, Objective::congestion);
  for (int round = 2; round <= kCongestionRounds + 1; ++round) {
    auto [again, congestion] =
        impl::refine_scored(graph, allocation, by_congestion, sym, current, current_congestion);
    if (!(congestion < current_congestion)) break;
    current = again;
    current_congestion = congestion;
    const impl::Score s = impl::score(graph, allocation, again, options.objective);
    add_refined(options, name + "x" + std::to_string(round), std::move(again), s, refined_all, best, refined_wins,
                result);
  }
}

}  // namespace

AutoResult map_auto(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  validate(options);
  check_allocation_size(graph, allocation);
  AutoResult result;
  result.objective = options.objective;
  result.min_gain = options.min_gain;
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

  // Every candidate's mapping is kept until the refinement step: refining a runner-up can beat the refined
  // winner (each start has its own local minimum).
  const int threads = impl::worker_threads(options.threads);
  MapOptions one_thread = options;  // what each piece runs with: the pieces share the threads
  one_thread.threads = 1;
  std::vector<std::string_view> names;
  for (const MapperInfo& info : mapper_registry())
    if (is_candidate(info.name)) names.push_back(info.name);
  // Under `time`, `random` (see join_random) and the step model's first entry (the launcher's step) do not
  // depend on the search: they run beside the candidates.
  const bool by_time = options.objective == Objective::time;
  const bool by_steps = by_time && options.step_model_work > 0;
  const std::size_t extras = by_time ? 2 : 0;
  std::vector<CandidateRun> runs(names.size());
  CandidateRun random;
  impl::StepRun launcher_step;
  const auto try_candidate = [&](std::string_view name, CandidateRun& run) {
    try {
      Mapping mapping = map_tasks(name, *problem, allocation, one_thread);
      run.score = impl::score(*problem, allocation, mapping, options.objective);
      run.mapping = std::move(mapping);
    } catch (const std::invalid_argument& e) {
      run.note = e.what();
    }
  };
  // The longest pieces first (the launcher's step, then the registry from its end, where the searching
  // geometric mappers are), so that the threads finish together; last, the symmetric graph every refinement
  // below uses.
  impl::SymGraph sym;
  impl::parallel_for(names.size() + extras + 1, threads, [&](std::size_t i) {
    if (i == names.size() + extras) {
      sym = impl::symmetrize(*problem);
    } else if (i >= extras) {
      const std::size_t c = names.size() - 1 - (i - extras);
      try_candidate(names[c], runs[c]);
    } else if (i == 1) {
      try_candidate("random", random);
    } else if (by_steps) {
      try {
        launcher_step = impl::run_step(*problem, allocation, map_tasks("default", *problem, allocation, options),
                                       options.step_work.get(), options.step_model_work);
      } catch (const std::invalid_argument& e) {
        launcher_step.error = e.what();  // decide_by_steps does not rank without the launcher's placement
      }
    }
  });
  std::vector<Scored> scored;
  std::string first_error;
  for (std::size_t i = 0; i < names.size(); ++i) {
    AutoCandidate candidate;
    candidate.name = std::string(names[i]);
    if (runs[i].mapping) {
      candidate.applied = true;
      candidate.primary = runs[i].score.primary;
      candidate.secondary = runs[i].score.secondary;
      scored.push_back({runs[i].score, result.candidates.size(), std::move(*runs[i].mapping)});
    } else {
      candidate.note = runs[i].note;
      if (first_error.empty()) first_error = runs[i].note;
    }
    result.candidates.push_back(std::move(candidate));
  }
  if (scored.empty()) throw std::invalid_argument("auto: no algorithm applies (" + first_error + ")");
  // Best first; ties keep registry order, so `default` wins ties.
  std::stable_sort(scored.begin(), scored.end(),
                   [](const Scored& a, const Scored& b) { return a.score < b.score; });
  impl::Score best = scored.front().score;
  result.mapping = scored.front().mapping;
  result.chosen = result.candidates[scored.front().index].name;

  // Every distinct candidate within kRefineWithin of the best is refined (a mapping equal to a better one's
  // is skipped: same local minimum); the polish of `refine` (congestion where hop-bytes allow) runs once, on
  // the winner.
  std::vector<Scored> refined_all;          // for the step model's short list
  std::vector<const Scored*> refined_from;  // the start of each of refined_all
  bool refined_wins = false;
  const double cutoff = kRefineWithin * scored.front().score.primary;
  const std::size_t most_starts = problem->num_tasks() <= kLargeGraphTasks ? scored.size() : kLargeGraphStarts;
  for (const Scored& c : scored) {
    if (c.score.primary > cutoff || refined_from.size() == most_starts) break;  // sorted by score
    bool seen = false;
    for (const Scored* start : refined_from) seen = seen || start->mapping.slots() == c.mapping.slots();
    if (!seen) refined_from.push_back(&c);
  }
  std::vector<std::pair<Mapping, impl::Score>> refined_runs(refined_from.size());
  impl::parallel_for(refined_from.size(), threads, [&](std::size_t k) {
    refined_runs[k] = impl::refine_scored(*problem, allocation, options, sym, refined_from[k]->mapping,
                                          refined_from[k]->score);
  });
  for (std::size_t k = 0; k < refined_from.size(); ++k)
    add_refined(options, result.candidates[refined_from[k]->index].name + "+refine",
                std::move(refined_runs[k].first), refined_runs[k].second, refined_all, best, refined_wins, result);
  if (options.objective == Objective::time) {
    const std::size_t first_congestion = refined_all.size();
    refine_by_congestion(*problem, allocation, options, sym, threads, refined_from, refined_all, best,
                         refined_wins, result);
    refine_congestion_again(*problem, allocation, options, sym, first_congestion, refined_all, best, refined_wins,
                            result);
  }
  if (options.objective != Objective::congestion) {  // kept only when not worse by the objective
    Mapping polished = impl::polish_congestion(*problem, allocation, options, result.mapping);
    const impl::Score s = impl::score(*problem, allocation, polished, options.objective);
    if (!(best < s)) {
      best = s;
      result.mapping = std::move(polished);
      if (!refined_wins) result.chosen += "+refine";
    }
  }
  if (by_time) {
    Scored random_scored = join_random(random, result);
    if (by_steps &&
        decide_by_steps(*problem, allocation, options, scored, refined_all, launcher_step, random_scored, result))
      return result;
    if (random_scored.score < best) {  // the phases' verdict, `random` included
      best = random_scored.score;
      result.mapping = std::move(random_scored.mapping);
      result.chosen = "random";
    }
  }
  keep_default_within_min_gain(best, options, scored, result);
  return result;
}

void print_auto_report(std::ostream& os, const AutoResult& result) {
  if (result.graph_had_grid)
    os << "pattern: the graph's own grid\n";
  else if (result.pattern)
    os << "pattern: " << describe(*result.pattern) << "\n";
  else
    os << "pattern: no regular grid found (irregular graph)\n";
  const bool congestion = result.objective != Objective::hop_bytes;  // two columns
  char line[256];
  std::snprintf(line, sizeof line, "%-20s %14s%s\n", "candidate",
                result.objective == Objective::time ? "time (s)"
                : congestion                        ? "congestion"
                                                    : "hop-bytes",
                congestion ? "      hop-bytes" : "");
  os << line;
  // The step model's table marks the choice when it made it; when its bound stopped it first, the phases did.
  const bool chosen_by_steps =
      std::any_of(result.ranked.begin(), result.ranked.end(),
                  [&](const AutoRanked& r) { return r.name == result.chosen && !std::isnan(r.seconds); });
  for (const AutoCandidate& c : result.candidates) {
    if (!c.applied) {
      os << c.name << std::string(c.name.size() < 20 ? 20 - c.name.size() : 0, ' ') << " skipped: " << c.note
         << "\n";
      continue;
    }
    if (congestion)
      std::snprintf(line, sizeof line, "%-20s %14.6g %14.6g%s\n", c.name.c_str(), c.primary, c.secondary,
                    c.name == result.chosen && !chosen_by_steps ? "  <- chosen" : "");
    else
      std::snprintf(line, sizeof line, "%-20s %14.6g%s\n", c.name.c_str(), c.primary,
                    c.name == result.chosen && !chosen_by_steps ? "  <- chosen" : "");
    os << line;
  }
  if (!result.ranked.empty()) {
    const bool by_run = std::any_of(result.ranked.begin(), result.ranked.end(),
                                    [](const AutoRanked& r) { return !std::isnan(r.run_seconds); });
    std::snprintf(line, sizeof line, "%-28s %14s %14s%s\n", "ranked by the step model", "step (s)", "work",
                  by_run ? "    as run (s)" : "");
    os << line;
    for (const AutoRanked& r : result.ranked) {
      char run[32] = "";
      if (!std::isnan(r.run_seconds)) std::snprintf(run, sizeof run, " %14.6g", r.run_seconds);
      if (std::isnan(r.seconds))
        std::snprintf(line, sizeof line, "%-28s %14s\n", r.name.c_str(), "not ranked");
      else if (!r.same_as.empty())
        std::snprintf(line, sizeof line, "%-28s %14.6g  (same as %s)\n", r.name.c_str(), r.seconds,
                      r.same_as.c_str());
      else
        std::snprintf(line, sizeof line, "%-28s %14.6g %14lld%s%s\n", r.name.c_str(), r.seconds,
                      static_cast<long long>(r.work), run, r.name == result.chosen ? "  <- chosen" : "");
      os << line;
    }
  }
  if (!result.ranked_note.empty()) os << result.ranked_note << "\n";
  if (!result.kept_over.empty()) {
    std::snprintf(line, sizeof line, "kept default: %s scores only %.2f%% better (min gain %.2f%%)\n",
                  result.kept_over.c_str(), 100.0 * result.kept_gain, 100.0 * result.min_gain);
    os << line;
  }
}

namespace impl {

Mapping map_auto_mapping(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return map_auto(graph, allocation, options).mapping;
}

}  // namespace impl
}  // namespace tamp
