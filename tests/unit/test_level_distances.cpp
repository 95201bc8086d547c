// Declared level distances of hierarchical machines (the process mappers' objective): levels apart on fat
// trees, the machine-file key, the level cost of evaluate() and the hop-bytes objective that follows it,
// multilevel bisection and `multisection`.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>

#include "algorithms/irregular/irregular.hpp"
#include "irregular_test_support.hpp"
#include "test_support.hpp"
#include "tamp/error.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/torus.hpp"

namespace tamp {
namespace {

using test::tree_file;

MachineDescription read_tree(const std::string& text) { return test::read_machine(text); }

TEST(LevelDistances, LevelsApartOnFatTrees) {
  FatTreeSpec kary;
  kary.arity = 2;
  kary.levels = 3;  // 4 leaves x 2 nodes
  const FatTree k(kary);
  EXPECT_EQ(k.num_distance_levels(), 4);
  EXPECT_EQ(k.level_apart(0, 0), 0);
  EXPECT_EQ(k.level_apart(0, 1), 1);  // one leaf
  EXPECT_EQ(k.level_apart(0, 2), 2);  // leaves 0 and 1: one level up
  EXPECT_EQ(k.level_apart(0, 7), 3);  // leaves 0 and 3: the top
  // r -> {a, b}; a -> {l0 (2 nodes), l1 (2 nodes)}; b has 3 nodes (a switch with nodes one level higher).
  SwitchTreeSpec tree;
  tree.names = {"l0", "a", "l1", "r", "b"};
  tree.parent = {1, 3, 1, -1, 3};
  tree.nodes = {2, 0, 2, 0, 3};
  const FatTree t(tree);
  EXPECT_EQ(t.num_distance_levels(), 4);
  EXPECT_EQ(t.level_apart(0, 1), 1);  // on l0
  EXPECT_EQ(t.level_apart(0, 2), 2);  // l0 and l1 meet at a
  EXPECT_EQ(t.level_apart(0, 4), 3);  // l0 and b meet at the root
  EXPECT_EQ(t.level_apart(4, 5), 2);  // two nodes on b, a level-1 switch
}

TEST(LevelDistances, SetAndRefused) {
  auto tree = std::const_pointer_cast<Machine>(read_tree(tree_file(2, 2, 1, "")).machine);
  EXPECT_TRUE(tree->level_distances().empty());
  EXPECT_EQ(tree->placement_distance(0, 2), tree->hops(0, 2));
  tree->set_level_distances({1, 10, 100});
  EXPECT_EQ(tree->placement_distance(0, 1), 9);    // one leaf: 10 less the on-node 1
  EXPECT_EQ(tree->placement_distance(0, 2), 99);   // across the top
  EXPECT_THROW(tree->set_level_distances({1, 10}), std::invalid_argument);
  EXPECT_THROW(tree->set_level_distances({1, 100, 10}), std::invalid_argument);
  EXPECT_THROW(tree->set_level_distances({0, 10, 100}), std::invalid_argument);
  Torus torus(test::torus_spec({4, 4}));
  EXPECT_THROW(torus.set_level_distances({1, 2}), std::invalid_argument);
}

TEST(LevelDistances, MachineFileKeyRoundTripsAndErrors) {
  const MachineDescription d = read_tree(tree_file(2, 2, 4));
  EXPECT_EQ(d.machine->level_distances(), (std::vector<double>{1, 10, 100}));
  std::ostringstream out;
  write_machine(out, d);
  EXPECT_NE(out.str().find("level_distances 1 10 100\n"), std::string::npos) << out.str();
  std::istringstream again(out.str());
  EXPECT_EQ(parse_machine(again, "again").machine->level_distances(), d.machine->level_distances());
  const auto error_of = [](const std::string& text) {
    try {
      read_tree(text);
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of(tree_file(2, 2, 4, "1 10")).find("m.machine:6: level_distances: 3 values wanted"),
            std::string::npos);
  EXPECT_NE(error_of(tree_file(2, 2, 4, "1 ten 100")).find("must be numbers, got 'ten'"), std::string::npos);
  EXPECT_NE(error_of("dims 2 2\ncores_per_node 1\nlevel_distances 1 2\n")
                .find("key level_distances does not apply to topology torus"),
            std::string::npos);
}

// Tasks 0-1 on node 0, node 1 under the same leaf, nodes 2-3 under the other: 10 bytes on one node (x 1),
// 5 bytes to the next node (x 10), 1 byte across the top (x 100), in both directions.
TEST(LevelDistances, LevelCostHandWorked) {
  const MachineDescription d = read_tree(tree_file(2, 2, 2));
  const TaskGraph graph = TaskGraph::from_edges(8, {{0, 1, 10}, {1, 0, 10}, {0, 2, 5}, {2, 0, 5}, {0, 4, 1}, {4, 0, 1}});
  const Metrics m = evaluate(graph, d.allocation, map_tasks("default", graph, d.allocation));
  ASSERT_TRUE(m.level_cost.has_value());
  EXPECT_EQ(*m.level_cost, 2 * (10 * 1 + 5 * 10 + 1 * 100));
  // Without declared distances there is no level cost.
  const MachineDescription plain = read_tree(tree_file(2, 2, 2, ""));
  EXPECT_FALSE(evaluate(graph, plain.allocation, map_tasks("default", graph, plain.allocation)).level_cost);
}

// Two 8-cliques with their ids interleaved, joined by one light edge, on 2 leaves x 2 nodes x 4 cores:
// each clique under one leaf switch, half a clique per node, is what the distances ask for.
TaskGraph interleaved_cliques() {
  std::vector<Edge> edges;
  const auto id = [](int c, int a) { return 2 * a + c; };
  for (int c = 0; c < 2; ++c)
    for (int a = 0; a < 8; ++a)
      for (int b = 0; b < 8; ++b)
        if (a != b) edges.push_back({id(c, a), id(c, b), a / 4 == b / 4 ? 100.0 : 10.0});
  edges.push_back({id(0, 7), id(1, 0), 1});
  return TaskGraph::from_edges(16, edges);
}

TEST(LevelDistances, MultisectionKeepsEachCliqueUnderOneSwitch) {
  const MachineDescription d = read_tree(tree_file(2, 2, 4));
  const TaskGraph graph = interleaved_cliques();
  const Mapping m = map_tasks("multisection", graph, d.allocation);
  m.validate(1);
  const auto& tree = dynamic_cast<const FatTree&>(*d.machine);
  for (int t = 0; t < 16; t += 2) {
    EXPECT_EQ(tree.switch_of_node(d.allocation.machine_node_of_slot(m.slot(t))),
              tree.switch_of_node(d.allocation.machine_node_of_slot(m.slot(0))))
        << t;
    EXPECT_NE(tree.switch_of_node(d.allocation.machine_node_of_slot(m.slot(t + 1))),
              tree.switch_of_node(d.allocation.machine_node_of_slot(m.slot(0))))
        << t + 1;
  }
  // The heavy quarter-cliques share nodes: only the 10-byte edges leave a node inside a clique.
  const Metrics metrics = evaluate(graph, d.allocation, m);
  EXPECT_EQ(*metrics.level_cost, 2 * (4 * 3 * 100 * 2 * 1 + 4 * 4 * 2 * 10 * 10) + 1 * 100);
  EXPECT_EQ(map_tasks("multisection", graph, d.allocation).slots(), m.slots());  // the same every run
}

TEST(LevelDistances, HopBytesObjectiveFollowsTheDistances) {
  const MachineDescription d = read_tree(tree_file(2, 2, 4));
  const TaskGraph graph = interleaved_cliques();
  const MapOptions options = make_map_options(1, "hop-bytes");
  const double by_auto = *evaluate(graph, d.allocation, map_tasks("auto", graph, d.allocation, options)).level_cost;
  const double by_multisection = *evaluate(graph, d.allocation, map_tasks("multisection", graph, d.allocation)).level_cost;
  EXPECT_LE(by_auto, by_multisection);
  // `default` puts each node's tasks from both cliques: refine under the distances must do better.
  const Mapping start = map_tasks("default", graph, d.allocation);
  const Mapping refined = map_tasks("default+refine", graph, d.allocation, options);
  EXPECT_LT(*evaluate(graph, d.allocation, refined).level_cost, *evaluate(graph, d.allocation, start).level_cost);
}

TEST(LevelDistances, MultisectionRefusesMachinesWithoutLevels) {
  const auto torus = test::make_torus({4, 4});
  for (const char* name : {"multisection", "multisection-bisect"})
    EXPECT_THROW(map_tasks(name, interleaved_cliques(), Allocation(torus, {0, 1, 2, 3, 4, 5, 6, 7}, 2)),
                 std::invalid_argument)
        << name;
}

TEST(LevelDistances, MultisectionRefinesWhatBisectionLeaves) {
  // On 16 switches of 8 nodes, the pairs' refinement cuts fewer bytes between the switches than recursive
  // bisection alone (level_cost weighs them 100), and both fill every core once.
  const MachineDescription d = read_tree(tree_file(16, 8, 16));
  const TaskGraph graph = test::random_geometric_graph(2048, 8, 11);
  const Mapping refined = map_tasks("multisection", graph, d.allocation);
  const Mapping bisected = map_tasks("multisection-bisect", graph, d.allocation);
  refined.validate(1);
  bisected.validate(1);
  EXPECT_LT(*evaluate(graph, d.allocation, refined).level_cost, *evaluate(graph, d.allocation, bisected).level_cost);
}

TEST(MultilevelBisect, ExactSizesAndStraightCuts) {
  const impl::SymGraph random = impl::symmetrize(test::random_geometric_graph(1001, 6, 5));
  for (int size0 : {0, 1, 333, 500, 501, 1000, 1001}) {
    const std::vector<char> side = impl::multilevel_bisect(random, size0);
    EXPECT_EQ(std::count(side.begin(), side.end(), 0), size0);
  }
  // A 32x16 grid of 1-byte edges: halves by the straight cut of 16 edges (both directions: 32 bytes cut
  // counted once per pair).
  std::vector<Edge> edges;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 32; ++x) {
      const int v = y * 32 + x;
      if (x + 1 < 32) edges.push_back({v, v + 1, 1}), edges.push_back({v + 1, v, 1});
      if (y + 1 < 16) edges.push_back({v, v + 32, 1}), edges.push_back({v + 32, v, 1});
    }
  const impl::SymGraph grid = impl::symmetrize(TaskGraph::from_edges(512, edges));
  EXPECT_EQ(impl::cut_bytes(grid, impl::multilevel_bisect(grid, 256)), 2 * 16);
  EXPECT_EQ(impl::multilevel_bisect(grid, 256), impl::multilevel_bisect(grid, 256));
}

// Bytes between different shares, each edge once.
double cut_between(const impl::SymGraph& graph, const std::vector<std::vector<int>>& shares) {
  std::vector<int> share_of(graph.num_vertices, -1);
  for (std::size_t c = 0; c < shares.size(); ++c)
    for (int t : shares[c]) share_of[t] = static_cast<int>(c);
  double cut = 0;
  for (int v = 0; v < graph.num_vertices; ++v)
    for (std::int64_t e = graph.offsets[v]; e < graph.offsets[v + 1]; ++e)
      if (share_of[graph.targets[e]] != share_of[v]) cut += graph.bytes[e];
  return cut / 2;
}

TEST(RefineShares, PairsOfSharesReachTheLeastCut) {
  // A path 0-1-2-3-4-5 of 1-byte edges dealt to three shares in turn, every edge cut (5 edges, 10 bytes both
  // ways). The heaviest pairs first: {0,3} with {1,4} (edges 0-1 and 3-4) splits into {0,1} and {3,4}; then
  // the share of {3,4} with {2,5} (edges 3-4 and 4-5, or 2-3) into {2,3} and {4,5}: two edges cut, the least
  // for three shares of two vertices.
  std::vector<Edge> edges;
  for (int v = 0; v + 1 < 6; ++v) edges.push_back({v, v + 1, 1}), edges.push_back({v + 1, v, 1});
  const impl::SymGraph path = impl::symmetrize(TaskGraph::from_edges(6, edges));
  std::vector<std::vector<int>> shares{{0, 3}, {1, 4}, {2, 5}};
  EXPECT_EQ(cut_between(path, shares), 10);
  std::vector<int> local_of(6, -1), share_of(6, -1);
  impl::refine_shares(path, shares, local_of, share_of);
  EXPECT_EQ(cut_between(path, shares), 4);
  for (auto& share : shares) {
    std::sort(share.begin(), share.end());
    ASSERT_EQ(share.size(), 2u);
    EXPECT_EQ(share[1], share[0] + 1);  // two neighbours of the path
  }
  EXPECT_EQ(local_of, std::vector<int>(6, -1));
  EXPECT_EQ(share_of, std::vector<int>(6, -1));
}

TEST(RefineShares, LeavesSharesThatExchangeNothingAlone) {
  // Two shares holding one component each exchange nothing: nothing to refine, each share's order kept.
  std::vector<Edge> edges{{0, 1, 5}, {1, 0, 5}, {2, 3, 7}, {3, 2, 7}};
  const impl::SymGraph pairs = impl::symmetrize(TaskGraph::from_edges(4, edges));
  std::vector<std::vector<int>> shares{{1, 0}, {3, 2}};
  std::vector<int> local_of(4, -1), share_of(4, -1);
  impl::refine_shares(pairs, shares, local_of, share_of);
  EXPECT_EQ(shares, (std::vector<std::vector<int>>{{1, 0}, {3, 2}}));
}

// Recursive multilevel bisection of `tasks` into `parts` equal shares, appended to `shares`.
void bisect_into(const impl::SymGraph& graph, const std::vector<int>& tasks, int parts,
                 std::vector<std::vector<int>>& shares) {
  if (parts == 1) return shares.push_back(tasks);
  std::vector<int> local_of(graph.num_vertices, -1);
  const int size0 = static_cast<int>(tasks.size()) / 2;
  const std::vector<char> side = impl::multilevel_bisect(impl::induced_subgraph(graph, tasks, local_of), size0);
  std::vector<int> halves[2];
  for (std::size_t i = 0; i < tasks.size(); ++i) halves[static_cast<int>(side[i])].push_back(tasks[i]);
  bisect_into(graph, halves[0], parts / 2, shares);
  bisect_into(graph, halves[1], parts / 2, shares);
}

TEST(RefineShares, CutsLessThanRecursiveBisectionAlone) {
  // 16 shares of a 2,048-vertex mesh-like graph by recursive bisection, as multisection splits a 16-switch
  // level: refining the pairs cuts fewer bytes and keeps every share's size.
  const impl::SymGraph graph = impl::symmetrize(test::random_geometric_graph(2048, 8, 11));
  std::vector<int> all(2048);
  std::iota(all.begin(), all.end(), 0);
  std::vector<std::vector<int>> shares;
  bisect_into(graph, all, 16, shares);
  const double before = cut_between(graph, shares);
  std::vector<int> local_of(2048, -1), share_of(2048, -1);
  impl::refine_shares(graph, shares, local_of, share_of);
  EXPECT_LT(cut_between(graph, shares), before);
  for (const auto& share : shares) EXPECT_EQ(share.size(), 128u);
  std::vector<int> seen;
  for (const auto& share : shares) seen.insert(seen.end(), share.begin(), share.end());
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, all);
}

}  // namespace
}  // namespace tamp
