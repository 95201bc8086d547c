#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>

#include "algorithms/impl/objective.hpp"
#include "tamp/auto.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

// The messages of a graph without its grid shape or coordinates: what a profiler would hand over.
TaskGraph strip(const TaskGraph& graph) {
  return TaskGraph::from_edges(graph.num_tasks(), graph.edges());
}

struct Problem {
  const char* name;
  TaskGraph graph;
  Allocation allocation;
};

std::vector<Problem> problems() {
  std::vector<Problem> list;
  list.push_back({"3D stencil with its grid, 4 cores", test::stencil({8, 8, 4}, 7),
                  Allocation::whole_machine(test::make_torus({4, 4, 4}), 4)});
  list.push_back({"2D stencil, grid to be detected", strip(test::stencil({16, 16}, 5)),
                  Allocation::whole_machine(test::make_torus({8, 8}), 4)});
  std::mt19937_64 engine(5);
  std::vector<Edge> edges;
  for (int t = 0; t < 48; ++t)
    for (int k = 0; k < 3; ++k) edges.push_back({t, static_cast<int>(engine() % 48), 1.0 + engine() % 50});
  std::vector<int> nodes;
  for (int n = 0; n < 64 && nodes.size() < 24; ++n)
    if (engine() % 2 == 0) nodes.push_back(n);
  list.push_back({"irregular graph, sparse allocation", TaskGraph::from_edges(48, edges),
                  Allocation(test::make_torus({4, 4, 4}), nodes, 2)});
  return list;
}

TEST(Auto, KeepsTheBestCandidateAndIsNeverWorseThanDefault) {
  for (const Problem& p : problems()) {
    for (Objective objective : {Objective::hop_bytes, Objective::congestion}) {
      SCOPED_TRACE(std::string(p.name) + ", " + std::string(to_string(objective)));
      MapOptions options;
      options.objective = objective;
      options.refine_seconds = 0;  // deterministic: only the work bound stops refine
      options.min_gain = 0;  // the best, however small its gain (KeepsTheLaunchersPlacementWithinMinGain)
      const AutoResult r = map_auto(p.graph, p.allocation, options);
      r.mapping.validate();
      const impl::Score chosen = impl::score(p.graph, p.allocation, r.mapping, objective);

      bool saw_default = false, saw_chosen = false;
      for (const AutoCandidate& c : r.candidates) {
        EXPECT_NE(c.name, "random");
        EXPECT_NE(c.name, "auto");
        EXPECT_NE(c.applied, !c.note.empty()) << c.name;  // a score, or the reason it was skipped
        if (!c.applied) continue;
        EXPECT_FALSE((impl::Score{c.primary, c.secondary} < chosen)) << c.name << " beats the winner";
        saw_default = saw_default || c.name == "default";
        if (c.name == r.chosen) {
          saw_chosen = true;
          EXPECT_DOUBLE_EQ(c.primary, chosen.primary);
          EXPECT_DOUBLE_EQ(c.secondary, chosen.secondary);
        }
      }
      EXPECT_TRUE(saw_default);
      EXPECT_TRUE(saw_chosen) << r.chosen;
      const Mapping by_default = map_tasks("default", p.graph, p.allocation, options);
      EXPECT_FALSE(impl::score(p.graph, p.allocation, by_default, objective) < chosen);
      if (objective == Objective::hop_bytes) {
        EXPECT_EQ(r.candidates.front().name, "default");
        EXPECT_DOUBLE_EQ(r.candidates.front().primary, evaluate(p.graph, p.allocation, by_default).hop_bytes);
      }
      // The refined winner is the last line of the report.
      EXPECT_NE(r.candidates.back().name.find("+refine"), std::string::npos);
      EXPECT_EQ(map_auto(p.graph, p.allocation, options).mapping.slots(), r.mapping.slots());
    }
  }
}

// The launcher's placement stays when the winner scores less than min_gain better, and only then; the report
// says what it was kept over.
TEST(Auto, KeepsTheLaunchersPlacementWithinMinGain) {
  for (const Problem& p : problems()) {
    SCOPED_TRACE(p.name);
    MapOptions options;
    options.refine_seconds = 0;
    options.min_gain = 0;
    const AutoResult best = map_auto(p.graph, p.allocation, options);
    ASSERT_NE(best.chosen, "default");
    EXPECT_TRUE(best.kept_over.empty());
    const Mapping by_default = map_tasks("default", p.graph, p.allocation, options);
    const double base = impl::score(p.graph, p.allocation, by_default, options.objective).primary;
    const double gain =
        1.0 - impl::score(p.graph, p.allocation, best.mapping, options.objective).primary / base;
    ASSERT_GT(gain, 0.0);

    options.min_gain = gain * (1 + 1e-9);
    const AutoResult kept = map_auto(p.graph, p.allocation, options);
    EXPECT_EQ(kept.chosen, "default");
    EXPECT_EQ(kept.mapping.slots(), by_default.slots());
    EXPECT_EQ(kept.kept_over, best.chosen);
    EXPECT_DOUBLE_EQ(kept.kept_gain, gain);
    std::ostringstream report;
    print_auto_report(report, kept);
    EXPECT_NE(report.str().find("kept default: " + best.chosen), std::string::npos) << report.str();

    options.min_gain = gain * (1 - 1e-9);
    const AutoResult moved = map_auto(p.graph, p.allocation, options);
    EXPECT_EQ(moved.chosen, best.chosen);
    EXPECT_EQ(moved.mapping.slots(), best.mapping.slots());
    EXPECT_TRUE(moved.kept_over.empty());
  }
}

// NaN passes any comparison-based range check and would read as "no winner is good enough": refused.
TEST(Auto, RefusesAMinGainOutOfRange) {
  const std::vector<Problem> all = problems();
  const Problem& p = all.front();
  for (double bad : {std::nan(""), -0.5, 1.5, std::numeric_limits<double>::infinity()}) {
    SCOPED_TRACE(bad);
    MapOptions options;
    options.min_gain = bad;
    EXPECT_THROW(map_auto(p.graph, p.allocation, options), std::invalid_argument);
    EXPECT_THROW(map_tasks("auto", p.graph, p.allocation, options), std::invalid_argument);
  }
  MapOptions options;
  options.refine_seconds = std::nan("");
  EXPECT_THROW(map_tasks("default+refine", p.graph, p.allocation, options), std::invalid_argument);
}

// Alg. 8.1 first: a graph without a grid gets the one detection finds (a collective to rank 0 mixed in), and
// the regular mappers then see it.
TEST(Auto, DetectsTheGridFirst) {
  const TaskGraph grid = test::stencil({16, 16}, 5);
  std::vector<Edge> edges = grid.edges();
  for (int t = 1; t < 256; ++t) edges.push_back({t, 0, 8});
  const TaskGraph profiled = TaskGraph::from_edges(256, edges);
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8}), 4);
  const AutoResult r = map_auto(profiled, alloc);
  EXPECT_FALSE(r.graph_had_grid);
  ASSERT_TRUE(r.pattern);
  EXPECT_EQ(r.pattern->grid.dims, (std::vector<int>{16, 16}));

  const AutoResult given = map_auto(grid, alloc);
  EXPECT_TRUE(given.graph_had_grid);
  EXPECT_FALSE(given.pattern);

  std::ostringstream report;
  print_auto_report(report, r);
  EXPECT_NE(report.str().find("pattern: 2D 16x16 5-point"), std::string::npos) << report.str();
  EXPECT_NE(report.str().find("<- chosen"), std::string::npos) << report.str();
}

// On the main job's machine auto finds a placement at least as good as node-aware blocking, far better than
// the launcher's.
TEST(Auto, BeatsTheLauncherOnMultiCoreNodes) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 4}), 4);
  const TaskGraph graph = test::stencil({8, 8, 4}, 7);
  const double by_default = evaluate(graph, alloc, map_tasks("default", graph, alloc)).hop_bytes;
  const double blocked = evaluate(graph, alloc, map_tasks("blocked", graph, alloc)).hop_bytes;
  const Mapping m = map_tasks("auto", graph, alloc);
  EXPECT_EQ(m.slots(), map_auto(graph, alloc).mapping.slots());
  const double chosen = evaluate(graph, alloc, m).hop_bytes;
  EXPECT_LE(chosen, blocked);
  EXPECT_LT(chosen, 0.75 * by_default);
}

TEST(Auto, RefusesAJobFarSmallerThanAHugeAllocation) {
  // 16 tasks on 2^21 slots (a whole 2048x1024 mesh): refused before any candidate runs, naming the sizes; the
  // same job on the 4x4 corner of the machine maps.
  const Allocation huge = Allocation::whole_machine(test::make_torus({2048, 1024}, false), 1);
  try {
    map_tasks("auto", test::stencil({4, 4}, 5), huge);
    ADD_FAILURE() << "auto accepted 16 tasks on 2^21 slots";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("16 tasks on an allocation of 2097152 slots"), std::string::npos)
        << e.what();
  }
  const Allocation small = Allocation::whole_machine(test::make_torus({4, 4}, false), 1);
  EXPECT_EQ(map_tasks("auto", test::stencil({4, 4}, 5), small).num_tasks(), 16);
}

TEST(Auto, TooManyTasksIsStillAnError) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({2, 2}), 1);
  EXPECT_THROW(map_tasks("auto", test::stencil({4, 4}, 5), alloc), std::invalid_argument);
  for (Objective objective : {Objective::hop_bytes, Objective::time}) {  // map_auto itself: no candidate applies
    MapOptions options;
    options.objective = objective;
    try {
      map_auto(test::stencil({4, 4}, 5), alloc, options);
      ADD_FAILURE() << "no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("auto: no algorithm applies"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tamp
