// `rb` (LibTopoMap / Scotch-style dual recursive bisection): the task graph and the machine bisected
// together.
#include <gtest/gtest.h>

#include <set>

#include "algorithms/irregular/irregular.hpp"
#include "irregular_test_support.hpp"

namespace tamp {
namespace {

// Two 4-cliques (0..3 and 4..7, ids interleaved when `interleave`) joined by one light edge.
TaskGraph two_cliques(bool interleave) {
  const auto id = [&](int v) { return interleave ? (v % 4) * 2 + v / 4 : v; };
  std::vector<Edge> edges;
  for (int c = 0; c < 2; ++c)
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b) edges.push_back({id(4 * c + a), id(4 * c + b), 100});
  edges.push_back({id(3), id(4), 1});
  return TaskGraph::from_edges(8, edges);
}

TEST(IrregularRb, BisectionCutsTheLightEdge) {
  const impl::SymGraph g = impl::symmetrize(two_cliques(true));
  const std::vector<char> side = impl::bisect_graph(g, 4);
  EXPECT_EQ(impl::cut_bytes(g, side), 1);
  EXPECT_EQ(std::count(side.begin(), side.end(), 0), 4);
}

TEST(IrregularRb, BisectionKeepsExactSizes) {
  const impl::SymGraph g = impl::symmetrize(test::random_geometric_graph(301, 6, 3));
  for (int size0 : {0, 1, 150, 151, 300, 301}) {
    const std::vector<char> side = impl::bisect_graph(g, size0);
    EXPECT_EQ(std::count(side.begin(), side.end(), 0), size0);
  }
}

TEST(IrregularRb, PreferencesPullVerticesToTheirSide) {
  // A path 0 - 1 - 2 - 3 cut in two halves; vertex 0 strongly prefers side 1, so {0, 1} go there.
  const impl::SymGraph g = impl::symmetrize(TaskGraph::from_edges(4, {{0, 1, 10}, {1, 2, 10}, {2, 3, 10}}));
  EXPECT_EQ(impl::bisect_graph(g, 2, {1000, 0, 0, 0}), (std::vector<char>{1, 1, 0, 0}));
  EXPECT_EQ(impl::bisect_graph(g, 2, {-1000, 0, 0, 0}), (std::vector<char>{0, 0, 1, 1}));
}

TEST(IrregularRb, EachCliqueOnAHalfOfTheMachine) {
  // A 4x2 mesh splits along x into two 2x2 halves; each clique lands on one of them.
  const TaskGraph g = two_cliques(true);
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 2}, false), 1);
  const Mapping m = map_tasks("rb", g, alloc);
  for (int c = 0; c < 2; ++c) {
    std::set<int> halves;
    for (int v = 0; v < 4; ++v) halves.insert(m.slot((v % 4) * 2 + c) % 4 / 2);  // x / 2 of the task's node
    EXPECT_EQ(halves.size(), 1u);
  }
}

TEST(IrregularRb, FewerTasksStayCompact) {
  // 4 tasks on a 16-node line: the lower half is filled first, down to 4 neighbouring nodes.
  const TaskGraph path = TaskGraph::from_edges(4, {{0, 1, 8}, {1, 2, 8}, {2, 3, 8}});
  const Mapping m = map_tasks("rb", path, Allocation::whole_machine(test::make_torus({16}, false), 1));
  EXPECT_EQ(std::set<int>(m.slots().begin(), m.slots().end()), (std::set<int>{0, 1, 2, 3}));
}

TEST(IrregularRb, Properties) {
  test::expect_irregular_properties("rb", false);
}

}  // namespace
}  // namespace tamp
