// `bft` ([Bhatele10] Alg. 10.2): breadth-first traversal, each new neighbour on the free node nearest its
// parent.
#include <gtest/gtest.h>

#include <cstdlib>

#include "algorithms/irregular/irregular.hpp"
#include "irregular_test_support.hpp"

namespace tamp {
namespace {

// On a whole torus with one core per node the slot is the node id, which is the cell (x fastest).
std::vector<int> cells(const std::string& name, const TaskGraph& graph, std::vector<int> dims) {
  return map_tasks(name, graph, Allocation::whole_machine(test::make_torus(std::move(dims), false), 1))
      .slots();
}

TEST(IrregularBft, PathFollowsTheLine) {
  const TaskGraph path = TaskGraph::from_edges(5, {{0, 1, 8}, {1, 2, 8}, {2, 3, 8}, {3, 4, 8}});
  EXPECT_EQ(cells("bft", path, {5}), (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(IrregularBft, StarFillsAroundTaskZeroInSpiralOrder) {
  // Task 0 on processor 0 = (0,0) of a 3x3 mesh; its neighbours 1..4 in id order take the nearest free cells
  // in the order of Alg. 10.1's spiral: (0,1), (1,0), then at distance 2 (0,2), (1,1).
  const TaskGraph star = TaskGraph::from_edges(5, {{0, 1, 8}, {0, 2, 8}, {0, 3, 8}, {0, 4, 8}});
  EXPECT_EQ(cells("bft", star, {3, 3}), (std::vector<int>{0, 3, 1, 6, 4}));
}

TEST(IrregularBft, StartsOnTheFirstAllocatedNode) {
  // Processor zero is allocated node 0, wherever it sits: here machine node 5 of a line of 8 (cell 3 of the
  // box 2..7).
  const Allocation alloc(test::make_torus({8}, false), {5, 2, 3, 4, 6, 7}, 1);
  const TaskGraph path = TaskGraph::from_edges(3, {{0, 1, 8}, {1, 2, 8}});
  const Mapping m = map_tasks("bft", path, alloc);
  const auto node = [&](int task) { return alloc.machine_node_of_slot(m.slot(task)); };
  EXPECT_EQ(node(0), 5);
  EXPECT_EQ(std::abs(node(1) - node(0)), 1);
  EXPECT_EQ(std::abs(node(2) - node(1)), 1);
}

TEST(IrregularBft, Properties) {
  test::expect_irregular_properties("bft", false);
}

TEST(IrregularBft, RefusesMoreGroupsThanNodes) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({3}), 1);
  EXPECT_THROW(impl::map_bft(test::stencil({4}), alloc, {}), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
