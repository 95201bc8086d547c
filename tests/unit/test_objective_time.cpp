// `--objective time`: auto and refine judged by the predicted communication time. auto counts `default` among
// its candidates, so it is never predicted slower than the launcher's placement; results are deterministic.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tamp/auto.hpp"
#include "tamp/generators.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

double predicted(const TaskGraph& g, const Allocation& a, const Mapping& m) {
  return evaluate(g, a, m).predicted_comm_time;
}

// A sparse allocation on a 4x4x4 torus with 2 nodes per router, 2 cores per node: 32 nodes, 64 slots.
Allocation sparse_torus() {
  auto torus = std::make_shared<const Torus>(
      test::torus_spec({4, 4, 4}, {true, true, true}, 2, {9.4e9, 4.7e9, 9.4e9}));
  std::vector<int> nodes;
  for (int n = 0; n < torus->num_nodes() && nodes.size() < 32; n += 3) nodes.push_back(n);
  return Allocation(torus, nodes, 2);
}

TEST(ObjectiveTime, ParsesAndPrints) {
  EXPECT_EQ(parse_objective("time"), Objective::time);
  EXPECT_EQ(to_string(Objective::time), "time");
  EXPECT_THROW(parse_objective("seconds"), std::invalid_argument);
}

TEST(ObjectiveTime, AutoNeverPredictedSlowerThanDefault) {
  const Allocation a = sparse_torus();
  MapOptions options;
  options.objective = Objective::time;
  options.step_model_work = 0;  // the phases decide (the step model's ranking: test_auto_step_ranking.cpp)
  for (const char* spec :
       {"mfdn:10", "minighost:4x4x4,nx=20,ny=20,nz=20", "stencil2d:8x8", "mfdn:10,orth=0"}) {
    const TaskGraph g = generate_graph(spec);
    const Allocation& fit = a;
    ASSERT_LE(g.num_tasks(), fit.num_slots()) << spec;
    std::vector<int> slots(g.num_tasks());
    std::iota(slots.begin(), slots.end(), 0);
    const Mapping by_default(slots, fit.num_slots());
    const AutoResult r = map_auto(g, fit, options);
    EXPECT_LE(predicted(g, fit, r.mapping), predicted(g, fit, by_default)) << spec;
    bool default_tried = false;
    for (const AutoCandidate& c : r.candidates)
      default_tried = default_tried || (c.name == "default" && c.applied);
    EXPECT_TRUE(default_tried) << spec;
    // Deterministic: the same mapping again.
    EXPECT_EQ(map_auto(g, fit, options).mapping.slots(), r.mapping.slots()) << spec;
  }
}

TEST(ObjectiveTime, AutoScoresByPredictedTime) {
  const Allocation a = sparse_torus();
  const TaskGraph g = generate_graph("mfdn:10");
  MapOptions options;
  options.objective = Objective::time;
  options.step_model_work = 0;
  const AutoResult r = map_auto(g, a, options);
  // The chosen mapping's predicted time is the smallest of every candidate's score.
  const double chosen = predicted(g, a, r.mapping);
  for (const AutoCandidate& c : r.candidates)
    if (c.applied) {
      EXPECT_LE(chosen, c.primary * (1 + 1e-12)) << c.name;
    }
}

TEST(ObjectiveTime, RefineDoesNotRaisePredictedTime) {
  const Allocation a = sparse_torus();
  const TaskGraph g = generate_graph("mfdn:10");
  MapOptions options;
  options.objective = Objective::time;
  for (const char* start : {"default", "random", "round-robin"}) {
    const Mapping initial = map_tasks(start, g, a, options);
    const Mapping refined = map_tasks(std::string(start) + "+refine", g, a, options);
    EXPECT_LE(predicted(g, a, refined), predicted(g, a, initial)) << start;
  }
}

// A clustered 6-nearest-neighbour graph of 128 tasks, 1-64 KB a pair (written by
// tests/perf/foreign_graphs/make_graphs.py), on a 4x4x4 torus of 2 cores a node: every candidate refined to
// lower hop-bytes stays at the bound of one node's links (5.37e-5 s); refining rb's start to lower the busiest
// link instead gets under it, and auto returns that.
TEST(ObjectiveTime, AutoRefinesEveryStartByCongestionToo) {
  const TaskGraph g = read_task_graph(std::string(TAMP_SOURCE_DIR) + "/inputs/graphs/knn-clustered-128.graph");
  const MachineDescription machine = parse_machine_spec("torus:4x4x4,cores=2");
  const Allocation& a = machine.allocation;
  MapOptions options;
  options.objective = Objective::time;
  options.step_model_work = 0;
  const AutoResult r = map_auto(g, a, options);
  const std::string suffix = "+refine(congestion)";
  const auto ends_with = [](const std::string& name, const std::string& end) {
    return name.size() > end.size() && name.compare(name.size() - end.size(), end.size(), end) == 0;
  };
  double best_otherwise = 1e300;
  int by_congestion = 0, by_hop_bytes = 0;
  for (const AutoCandidate& c : r.candidates) {
    if (!c.applied) continue;
    if (ends_with(c.name, suffix))
      ++by_congestion;
    else
      best_otherwise = std::min(best_otherwise, c.primary);
    by_hop_bytes += ends_with(c.name, "+refine");
  }
  EXPECT_GT(by_hop_bytes, 2);
  EXPECT_EQ(by_congestion, by_hop_bytes);  // a small graph: every refined start again by congestion
  EXPECT_EQ(r.chosen, "rb" + suffix);
  EXPECT_LT(predicted(g, a, r.mapping), best_otherwise * 0.99);
}

// The partition graph of a 3D mesh of 512 parts, its parts numbered at random (a fixed LCG shuffle), as a METIS
// file of it holds it (one weight a pair of parts).
TaskGraph shuffled_mesh() {
  const TaskGraph g = generate_graph("mesh:3d,parts=512");
  std::vector<int> perm(g.num_tasks());
  std::iota(perm.begin(), perm.end(), 0);
  std::uint64_t x = 7;
  for (int i = g.num_tasks() - 1; i > 0; --i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    std::swap(perm[i], perm[(x >> 33) % static_cast<std::uint64_t>(i + 1)]);
  }
  std::vector<Edge> edges;
  for (const Edge& e : g.edges()) edges.push_back({perm[e.src], perm[e.dst], e.bytes});
  std::stringstream metis;
  write_metis_graph(metis, TaskGraph::from_edges(g.num_tasks(), std::move(edges)));
  return parse_metis_graph(metis, "shuffled-mesh.graph");
}

// On 8 switches of 4 16-core nodes with level distances, the best congestion refinement of that mesh, refined by
// congestion again, lowers its score again, and each such round joins auto's candidates as
// NAME+refine(congestion)xK, ranked by the step model like the others. Without level distances no round is added.
TEST(ObjectiveTime, AutoRefinesTheBestCongestionRefinementAgainOnLevelDistances) {
  const TaskGraph g = shuffled_mesh();
  MapOptions options;
  options.objective = Objective::time;
  const auto rounds = [](const AutoResult& r) {
    std::vector<std::string> names;
    for (const AutoCandidate& c : r.candidates)
      if (c.name.find("+refine(congestion)x") != std::string::npos) names.push_back(c.name);
    return names;
  };
  const MachineDescription tree = test::read_machine(test::tree_file(8, 4, 16));
  const AutoResult r = map_auto(g, tree.allocation, options);
  const std::vector<std::string> again = rounds(r);
  ASSERT_FALSE(again.empty());
  // The rounds of one start, numbered from 2, after the candidate they continue.
  const std::string start = again.front().substr(0, again.front().rfind('x'));
  bool start_listed = false;
  for (const AutoCandidate& c : r.candidates) start_listed = start_listed || c.name == start;
  EXPECT_TRUE(start_listed) << start;
  for (std::size_t k = 0; k < again.size(); ++k) EXPECT_EQ(again[k], start + "x" + std::to_string(k + 2));
  // The step model ranked them, and returned the fastest placement it ranked.
  double fastest = 1e300;
  for (const AutoRanked& e : r.ranked)
    if (!std::isnan(e.seconds)) fastest = std::min(fastest, e.seconds);
  for (const AutoRanked& e : r.ranked) {
    if (e.name == r.chosen) {
      EXPECT_EQ(e.seconds, fastest);
    }
  }

  // Without level distances no round is added (the step model does not take part in that: left out, it costs
  // most of a run under the sanitizers).
  const MachineDescription plain = test::read_machine(test::tree_file(8, 4, 16, ""));
  options.step_model_work = 0;
  EXPECT_TRUE(rounds(map_auto(g, plain.allocation, options)).empty());
}

}  // namespace
}  // namespace tamp
