// `rcm` (LibTopoMap): reverse Cuthill-McKee order of the tasks onto the reverse Cuthill-McKee order of the
// nodes.
#include <gtest/gtest.h>

#include "algorithms/irregular/irregular.hpp"
#include "irregular_test_support.hpp"

namespace tamp {
namespace {

TEST(IrregularRcm, OrderOfAPath) {
  // The path 3 - 0 - 2 - 1. From 0 (lowest id) the last level is {1}; from 1 the eccentricity grows to 3,
  // from 3 it does not grow further: start 1. Cuthill-McKee 1, 2, 0, 3; reversed 3, 0, 2, 1.
  const TaskGraph g = TaskGraph::from_edges(4, {{3, 0, 1}, {0, 2, 1}, {2, 1, 1}});
  EXPECT_EQ(impl::rcm_order(impl::symmetrize(g)), (std::vector<int>{3, 0, 2, 1}));
}

TEST(IrregularRcm, NeighboursByIncreasingDegree) {
  // 0 - {1, 2, 3}, 3 - 4. From 0 (eccentricity 2) the last level is {4}, whose eccentricity 3 is larger; from
  // 1 (least degree, lowest id of 4's last level {1, 2}) it stays 3: start 4. Cuthill-McKee 4, 3, 0, then 0's
  // neighbours 1 and 2 (degree 1 each, by id). Reversed.
  const TaskGraph g = TaskGraph::from_edges(5, {{0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {3, 4, 1}});
  EXPECT_EQ(impl::rcm_order(impl::symmetrize(g)), (std::vector<int>{2, 1, 0, 3, 4}));
}

TEST(IrregularRcm, APathOnALineIsOneHopPerMessage) {
  const int order[6] = {4, 1, 5, 0, 3, 2};
  std::vector<Edge> edges;
  for (int i = 0; i + 1 < 6; ++i) edges.push_back({order[i], order[i + 1], 8});
  const TaskGraph g = TaskGraph::from_edges(6, edges);
  const Allocation alloc = Allocation::whole_machine(test::make_torus({6}, false), 1);
  EXPECT_EQ(evaluate(g, alloc, map_tasks("rcm", g, alloc)).max_dilation, 1);
}

TEST(IrregularRcm, GridsOnTheirOwnShape) {
  // A non-periodic 8x8 stencil on an 8x8 torus (the box without wrap-around fits) and a periodic one (with it
  // fits).
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8}), 1);
  for (bool periodic : {false, true}) {
    const TaskGraph g = test::stencil({8, 8}, 5, periodic);
    EXPECT_EQ(evaluate(g, alloc, map_tasks("rcm", g, alloc)).hops_per_byte, 1.0) << periodic;
  }
}

TEST(IrregularRcm, Properties) {
  test::expect_irregular_properties("rcm", false);
}

}  // namespace
}  // namespace tamp
