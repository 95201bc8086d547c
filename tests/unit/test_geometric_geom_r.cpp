// geom-r ([Deveci14] Table I "Geom+R"): every task-axis x machine-axis ordering, the best by the objective.
#include <gtest/gtest.h>

#include "algorithms/geometric/geometric.hpp"
#include "algorithms/impl/two_level.hpp"
#include "test_geometric_support.hpp"

namespace tamp::impl {
namespace {

// Issue 3's anchor: an 8x8x8 stencil on an 8x8x8 torus, one core per node: exactly one hop per byte.
TEST(GeometricGeomR, StencilOnItsOwnTorusIsOneHopPerByte) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8, 8}), 1);
  for (bool periodic : {false, true}) {
    const TaskGraph graph = test::stencil({8, 8, 8}, 7, periodic);
    EXPECT_EQ(evaluate(graph, alloc, map_geom_r(graph, alloc, {})).hops_per_byte, 1.0);
    EXPECT_EQ(evaluate(graph, alloc, map_geom_rs(graph, alloc, {})).hops_per_byte, 1.0);
  }
}

// geom's ordering is one of geom-r's candidates. On the first two machines the aspect-ratio rule already
// finds the best one (1728 and 3328 hop-bytes); on the last two the search beats it (2624 < 3168, 3264 <
// 3344).
TEST(GeometricGeomR, NeverWorseThanGeomAndSometimesBetter) {
  struct Case {
    std::vector<int> tasks, torus;
    bool wrap;
  };
  bool strictly_better = false;
  for (const Case& c : std::vector<Case>{{{16, 4}, {4, 16}, false},
                                         {{4, 4, 4}, {8, 4, 2}, false},
                                         {{6, 4, 2}, {4, 3, 4}, true},
                                         {{12, 6}, {8, 9}, true}}) {
    const Allocation alloc = Allocation::whole_machine(test::make_torus(c.torus, c.wrap), 1);
    const TaskGraph graph = test::stencil(c.tasks, 0);
    if (graph.num_tasks() > alloc.num_slots()) continue;
    const double geom = evaluate(graph, alloc, map_geom(graph, alloc, {})).hop_bytes;
    const double geom_r = evaluate(graph, alloc, map_geom_r(graph, alloc, {})).hop_bytes;
    EXPECT_LE(geom_r, geom);
    strictly_better = strictly_better || geom_r < geom;
  }
  EXPECT_TRUE(strictly_better);
}

// With objective congestion the search keeps the candidate of least max congestion: no more than the
// hop-bytes winner's.
TEST(GeometricGeomR, FollowsTheObjective) {
  auto torus = test::make_torus({6, 4, 4}, true, 2);
  const Allocation alloc(torus, test::random_nodes(*torus, 40, 3), 4);
  const TaskGraph graph = test::stencil({8, 5, 4}, 7);
  MapOptions congestion;
  congestion.objective = Objective::congestion;
  const Metrics by_hops = evaluate(graph, alloc, map_geom_r(graph, alloc, {}));
  const Metrics by_congestion = evaluate(graph, alloc, map_geom_r(graph, alloc, congestion));
  EXPECT_LE(by_congestion.max_congestion, by_hops.max_congestion);
  EXPECT_GE(by_congestion.hop_bytes, by_hops.hop_bytes);
}

// Past its scoring budget (0 here: every graph is past it), the search ranks the 36 rotations by hop-bytes and
// scores the best kKeptByHopBytes by the objective: its choice is no worse by the objective than the hop-bytes
// winner (always kept) and no better than the full search's; the hop-bytes objective itself is unchanged.
TEST(GeometricGeomR, PastTheBudgetRanksByHopBytesFirst) {
  auto torus = test::make_torus({6, 4, 4}, true, 2);
  const Allocation alloc(torus, test::random_nodes(*torus, 40, 3), 4);
  const TaskGraph graph = test::stencil({8, 5, 4}, 7);
  const GeomVariant full{true, false}, prefiltered{true, false, 0};
  const Mapping by_hops = map_geometric_slots(graph, alloc, {}, full);
  EXPECT_EQ(map_geometric_slots(graph, alloc, {}, prefiltered).slots(), by_hops.slots());
  for (Objective objective : {Objective::congestion, Objective::time}) {
    MapOptions options;
    options.objective = objective;
    const Mapping all = map_geometric_slots(graph, alloc, options, full);
    const Mapping kept = map_geometric_slots(graph, alloc, options, prefiltered);
    EXPECT_EQ(map_geometric_slots(graph, alloc, options, prefiltered).slots(), kept.slots());
    for (int threads : {1, 3}) {  // each thread keeps its orderings' best; together, the best of all
      MapOptions threaded = options;
      threaded.threads = threads;
      EXPECT_EQ(map_geometric_slots(graph, alloc, threaded, prefiltered).slots(), kept.slots()) << threads;
      EXPECT_EQ(map_geometric_slots(graph, alloc, threaded, full).slots(), all.slots()) << threads;
    }
    const Score s_hops = score(graph, alloc, by_hops, objective);
    const Score s_all = score(graph, alloc, all, objective);
    const Score s_kept = score(graph, alloc, kept, objective);
    EXPECT_FALSE(s_hops < s_kept) << to_string(objective);
    EXPECT_FALSE(s_kept < s_all) << to_string(objective);
  }
}

// The fast hop-bytes path of the search agrees with evaluate().
TEST(GeometricGeomR, CandidateScorerMatchesEvaluate) {
  auto torus = test::make_torus({5, 4, 3}, true, 2);
  const Allocation alloc(torus, test::random_nodes(*torus, 30, 9), 3);
  const TaskGraph graph = test::random_geometric_graph(90, 4);
  const Mapping m = map_tasks("random", graph, alloc);
  const CandidateScorer hops(graph, alloc, Objective::hop_bytes),
      congestion(graph, alloc, Objective::congestion);
  const Metrics metrics = evaluate(graph, alloc, m);
  EXPECT_EQ(hops(m.slots()).primary, metrics.hop_bytes);
  EXPECT_EQ(congestion(m.slots()).primary, metrics.max_congestion);
  EXPECT_EQ(congestion(m.slots()).secondary, metrics.hop_bytes);
  // Given a bound, the sum may stop early, but above the bound: a candidate that cannot win is still seen to
  // lose.
  const double partial = hops(m.slots(), metrics.hop_bytes / 2).primary;
  EXPECT_GT(partial, metrics.hop_bytes / 2);
  EXPECT_LE(partial, metrics.hop_bytes);
}

// Both levels are searched and the better kept. 16x16x8 tasks on 8x4x4 nodes x 16 cores: on cores the
// bisection gives each node a 2x4x2 block that matches the machine (32768 hop-bytes); the least-surface 2x2x4
// blocks of the node level leave a 8x8x2 block grid that does not (43008). 12x12x8 tasks on a 4x3x4
// Gemini-like torus x 24 cores: 24 does not fall on the bisection's cuts, so on cores nodes get split blocks
// (20208); node blocks win (16736).
TEST(GeometricGeomR, BestOfCoresAndNodeBlocks) {
  struct Case {
    std::vector<int> tasks, torus;
    int nodes_per_router, cores;
    bool cores_win;
  };
  for (const Case& c :
       std::vector<Case>{{{16, 16, 8}, {8, 4, 4}, 1, 16, true}, {{12, 12, 8}, {4, 3, 4}, 2, 24, false}}) {
    const Allocation alloc =
        Allocation::whole_machine(test::make_torus(c.torus, true, c.nodes_per_router), c.cores);
    const TaskGraph graph = test::stencil(c.tasks, 7);
    const double both = evaluate(graph, alloc, map_geom_r(graph, alloc, {})).hop_bytes;
    const double on_cores = evaluate(graph, alloc, map_geom_r_slots(graph, alloc, {})).hop_bytes;
    const double on_nodes =
        evaluate(graph, alloc, map_two_level(graph, alloc, {}, map_geom_r_slots)).hop_bytes;
    EXPECT_EQ(both, std::min(on_cores, on_nodes));
    EXPECT_EQ(on_cores < on_nodes, c.cores_win);
  }
}

}  // namespace
}  // namespace tamp::impl
