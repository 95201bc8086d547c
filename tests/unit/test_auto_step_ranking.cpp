// `auto` under the time objective ranks its short list with the flow engine's step, within a work bound that
// is the same on every machine (FlowOptions::work_limit, MapOptions::step_model_work).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tamp/auto.hpp"
#include "tamp/flow.hpp"
#include "tamp/generators.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"

namespace tamp {
namespace {

// The 64-rank transform on 32 nodes of an 8x4x8 Gemini-like torus: the phases added up prefer
// round-robin+refine, the step model another placement.
struct FftOnGemini {
  MachineDescription machine =
      read_machine_file(std::string(TAMP_SOURCE_DIR) + "/inputs/campaigns/gemini-sparse.machine");
  TaskGraph graph = generate_graph("fft:32x32x64,ranks=64");
  const Allocation& job() const { return machine.allocation; }
};

double one_step(const TaskGraph& g, const Allocation& a, const Mapping& m) {
  EvaluateOptions options;
  options.steps = 1;
  return evaluate(g, a, m, options).predicted_comm_time;
}

MapOptions time_objective(std::int64_t work) {
  MapOptions options;
  options.objective = Objective::time;
  options.step_model_work = work;
  return options;
}

TEST(FlowWork, SameOnEveryRunAndStopsAtItsLimit) {
  const FftOnGemini p;
  const Mapping m = map_tasks("default", p.graph, p.job(), {});
  EvaluateOptions options;
  options.steps = 1;
  const Metrics first = evaluate(p.graph, p.job(), m, options);
  ASSERT_GT(first.flow.work, 0);
  EXPECT_EQ(evaluate(p.graph, p.job(), m, options).flow.work, first.flow.work);
  options.flow.work_limit = first.flow.work / 2;
  EXPECT_THROW(evaluate(p.graph, p.job(), m, options), FlowWorkLimit);
  options.flow.work_limit = first.flow.work;  // enough: the same result
  EXPECT_EQ(evaluate(p.graph, p.job(), m, options).predicted_comm_time, first.predicted_comm_time);
  options.flow.work_limit = -1;
  EXPECT_THROW(evaluate(p.graph, p.job(), m, options), std::invalid_argument);
}

TEST(AutoStepRanking, ReturnsTheFastestPlacementTheStepModelRanked) {
  const FftOnGemini p;
  const AutoResult r = map_auto(p.graph, p.job(), time_objective(MapOptions{}.step_model_work));
  ASSERT_FALSE(r.ranked.empty());
  EXPECT_EQ(r.ranked.front().name, "default");
  const double chosen = one_step(p.graph, p.job(), r.mapping);
  int ranked = 0;
  for (const AutoRanked& e : r.ranked) {
    if (std::isnan(e.seconds)) continue;
    ++ranked;
    EXPECT_LE(chosen, e.seconds) << e.name;  // never one its own model ranks below another it ranked
  }
  EXPECT_GE(ranked, 3);
  // Here the step model overrules the phases' winner, and `random` was on the list.
  const AutoResult by_phases = map_auto(p.graph, p.job(), time_objective(0));
  EXPECT_TRUE(by_phases.ranked.empty());
  EXPECT_NE(r.chosen, by_phases.chosen);
  EXPECT_LT(chosen, one_step(p.graph, p.job(), by_phases.mapping));
  bool has_random = false;
  for (const AutoRanked& e : r.ranked) has_random = has_random || e.name == "random";
  EXPECT_TRUE(has_random);
  // Deterministic.
  EXPECT_EQ(map_auto(p.graph, p.job(), time_objective(MapOptions{}.step_model_work)).mapping.slots(),
            r.mapping.slots());
}

TEST(AutoStepRanking, KeepsDefaultUnlessMinGainFaster) {
  const FftOnGemini p;
  MapOptions options = time_objective(MapOptions{}.step_model_work);
  options.min_gain = 1.0;  // nothing is 100% faster
  const AutoResult r = map_auto(p.graph, p.job(), options);
  EXPECT_EQ(r.chosen, "default");
  EXPECT_FALSE(r.kept_over.empty());
  EXPECT_EQ(r.mapping.slots(), map_tasks("default", p.graph, p.job(), {}).slots());
}

TEST(AutoStepRanking, AWorkBoundTooSmallLeavesThePhasesVerdict) {
  const FftOnGemini p;
  const AutoResult tiny = map_auto(p.graph, p.job(), time_objective(1000));
  ASSERT_FALSE(tiny.ranked.empty());
  EXPECT_TRUE(std::isnan(tiny.ranked.front().seconds));  // not even `default` fits
  EXPECT_NE(tiny.ranked_note.find("work bound"), std::string::npos) << tiny.ranked_note;
  // The report marks the phases' choice, since the step model made none.
  std::ostringstream report;
  print_auto_report(report, tiny);
  EXPECT_NE(report.str().find(tiny.chosen + " "), std::string::npos) << report.str();
  EXPECT_NE(report.str().find("<- chosen"), std::string::npos) << report.str();
  const AutoResult off = map_auto(p.graph, p.job(), time_objective(0));
  EXPECT_EQ(tiny.chosen, off.chosen);
  EXPECT_EQ(tiny.mapping.slots(), off.mapping.slots());
  // Other objectives are not ranked.
  MapOptions hop_bytes;
  EXPECT_TRUE(map_auto(p.graph, p.job(), hop_bytes).ranked.empty());
  MapOptions negative = time_objective(-1);
  EXPECT_THROW(map_auto(p.graph, p.job(), negative), std::invalid_argument);
}

// A bound that ranks `default` and stops at the next entry: `default` alone was ranked, the phases' winner was
// not, so the phases decide (before, `default` won as the only entry ranked: a 27-point MiniGhost on a sparse
// Cielo-like job kept `default`, 2.5 times slower in the engine than the phases' winner).
TEST(AutoStepRanking, DefaultAloneRankedLeavesThePhasesVerdict) {
  const FftOnGemini p;
  const AutoResult full = map_auto(p.graph, p.job(), time_objective(MapOptions{}.step_model_work));
  ASSERT_FALSE(full.ranked.empty());
  const std::int64_t default_work = full.ranked.front().work;
  ASSERT_GT(default_work, 0);
  const AutoResult one = map_auto(p.graph, p.job(), time_objective(default_work + 1));
  ASSERT_GE(one.ranked.size(), 2u);
  EXPECT_FALSE(std::isnan(one.ranked[0].seconds));
  EXPECT_TRUE(std::isnan(one.ranked[1].seconds));
  const AutoResult off = map_auto(p.graph, p.job(), time_objective(0));
  ASSERT_NE(off.chosen, "default");  // else the case shows nothing
  EXPECT_EQ(one.chosen, off.chosen);
  EXPECT_EQ(one.mapping.slots(), off.mapping.slots());
}

TEST(AutoStepRanking, RanksWithTheTasksWork) {
  const FftOnGemini p;
  // One task computes a millisecond before the first transpose: the others wait for it in their communication
  // time, which the network alone does not show.
  auto work = std::make_shared<EvaluateOptions>();
  std::vector<double> late(static_cast<std::size_t>(p.graph.num_tasks()), 0.0);
  late[0] = 1e-3;
  work->before_compute["rows-forward"] = late;
  MapOptions options = time_objective(MapOptions{}.step_model_work);
  const AutoResult network_only = map_auto(p.graph, p.job(), options);
  options.step_work = work;
  const AutoResult with_work = map_auto(p.graph, p.job(), options);
  ASSERT_FALSE(with_work.ranked.empty());
  ASSERT_FALSE(std::isnan(with_work.ranked.front().seconds));
  EXPECT_GT(with_work.ranked.front().seconds, network_only.ranked.front().seconds + 0.5e-3);
}

// In an app's run (the step work has the app's steps, warm-up and barrier) the finalists, `default` and the
// entries within kFinalistMargin of the fastest step, run as the app runs, and that run decides.
TEST(AutoStepRanking, TheAppsOwnRunDecidesAmongTheFinalists) {
  const FftOnGemini p;
  auto run = std::make_shared<EvaluateOptions>();
  run->steps = 3;
  run->warmup = 1;
  run->barrier = true;
  MapOptions options = time_objective(MapOptions{}.step_model_work);
  options.step_work = run;
  const AutoResult r = map_auto(p.graph, p.job(), options);
  ASSERT_FALSE(r.ranked.empty());
  ASSERT_FALSE(std::isnan(r.ranked.front().run_seconds));  // `default` is always a finalist
  double fastest_step = r.ranked.front().seconds;
  for (const AutoRanked& e : r.ranked)
    if (!std::isnan(e.seconds)) fastest_step = std::min(fastest_step, e.seconds);
  EvaluateOptions as_run = *run;
  as_run.link_loads = true;
  const double chosen = evaluate(p.graph, p.job(), r.mapping, as_run).predicted_comm_time;
  int finalists = 0;
  for (const AutoRanked& e : r.ranked) {
    if (std::isnan(e.run_seconds)) continue;
    ++finalists;
    if (e.name != "default") {
      EXPECT_LE(e.seconds, fastest_step * 1.05 + 1e-15) << e.name;
    }
    EXPECT_LE(chosen, e.run_seconds) << e.name;  // the fastest finalist as run, or `default`
  }
  EXPECT_GE(finalists, 2);
  // The network-only ranking of tamp-map has no app's run to make: one step decides.
  const AutoResult graph_only = map_auto(p.graph, p.job(), time_objective(MapOptions{}.step_model_work));
  for (const AutoRanked& e : graph_only.ranked) EXPECT_TRUE(std::isnan(e.run_seconds)) << e.name;
  // A bound that the one-step ranking uses up leaves no finalist run, and its verdict stands.
  std::int64_t ranking_work = 0;
  for (const AutoRanked& e : r.ranked) ranking_work += e.work;
  options.step_model_work = ranking_work;
  const AutoResult no_room = map_auto(p.graph, p.job(), options);
  for (const AutoRanked& e : no_room.ranked) EXPECT_TRUE(std::isnan(e.run_seconds)) << e.name;
}

}  // namespace
}  // namespace tamp
