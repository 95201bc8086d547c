#include <gtest/gtest.h>

#include <array>
#include <set>

#include "algorithms/regular/regular_embeddings.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

// Object (x, y) on processor cell x' + px * y'.
int at(int x, int y, int px) {
  return x + px * y;
}

TEST(Step, GridThatFitsIsPlacedAsIs) {
  const std::vector<int> cells = impl::step_cells(4, 3, 6, 5);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(cells[x + 4 * y], at(x, y, 6));
  // Longer sides aligned first: 3x4 lies turned on 6x5.
  const std::vector<int> turned = impl::step_cells(3, 4, 6, 5);
  EXPECT_EQ(turned[2 + 3 * 3], at(3, 2, 6));
}

// 4x3 onto 6x2, by hand: the 3 rows go into 2 bands of 6 objects; each of the 4 columns gives a band its
// share of floor(6(c+1)/4) - floor(6c/4) = 1,2,1,2 objects; band 0 in row order, band 1 reversed within each
// column.
//   processor row 0: (0,0) (1,0) (1,1) (2,0) (3,0) (3,1)
//   processor row 1: (0,2) (0,1) (1,2) (2,2) (2,1) (3,2)
TEST(Step, HandCheckedBands) {
  const std::vector<int> cells = impl::step_cells(4, 3, 6, 2);
  const std::array<std::array<int, 2>, 12> order = {
      {{0, 0}, {1, 0}, {1, 1}, {2, 0}, {3, 0}, {3, 1}, {0, 2}, {0, 1}, {1, 2}, {2, 2}, {2, 1}, {3, 2}}};
  for (int p = 0; p < 12; ++p) EXPECT_EQ(cells[order[p][0] + 4 * order[p][1]], p) << "processor " << p;
}

// The property step embeddings are known for: dilation about the compression ratio. On [Bhatele10]'s shapes
// (all with a ratio below 2) no neighbour is more than 3 hops away, where MXOVLP stretches edges to 13 and
// more.
TEST(Step, SmallDilationOnTheThesisShapes) {
  for (auto [grid, box] : std::vector<std::pair<std::vector<int>, std::vector<int>>>{{{9, 8}, {6, 12}},
                                                                                     {{9, 8}, {12, 6}},
                                                                                     {{6, 5}, {10, 3}},
                                                                                     {{100, 40}, {125, 32}},
                                                                                     {{12, 12}, {16, 9}}}) {
    const Allocation nodes = test::mesh_nodes(box);
    const TaskGraph graph = test::stencil(grid);
    const Mapping m = impl::step_nodes(graph, nodes, {});
    m.validate(1);
    EXPECT_LE(evaluate(graph, nodes, m).max_dilation, 3) << grid[0] << "x" << grid[1];
  }
}

TEST(Step, ValidOnUnevenShapesAndFewerObjects) {
  for (auto [ox, oy, px, py] : std::vector<std::array<int, 4>>{{7, 11, 11, 7},
                                                               {13, 5, 8, 9},
                                                               {31, 3, 4, 25},
                                                               {100, 3, 20, 15},
                                                               {5, 3, 4, 4},
                                                               {17, 1, 3, 6},
                                                               {64, 64, 256, 16}}) {
    const std::vector<int> cells = impl::step_cells(ox, oy, px, py);
    std::set<int> used(cells.begin(), cells.end());
    EXPECT_EQ(used.size(), cells.size()) << ox << "x" << oy << " onto " << px << "x" << py;
    EXPECT_GE(*used.begin(), 0);
    EXPECT_LT(*used.rbegin(), px * py);
  }
  EXPECT_THROW(impl::step_cells(5, 5, 4, 6), std::invalid_argument);
}

TEST(Step, NodeLevelIsDeterministicAndChecked) {
  const Allocation nodes = test::mesh_nodes({16, 6});
  const TaskGraph graph = test::stencil({12, 8});
  EXPECT_EQ(impl::step_nodes(graph, nodes, {}).slots(), impl::step_nodes(graph, nodes, {}).slots());
  EXPECT_THROW(impl::step_nodes(test::stencil({8, 8}), test::mesh_nodes({4, 4, 4}), {}),
               std::invalid_argument);
  EXPECT_THROW(impl::step_nodes(test::stencil({2, 3, 4}), nodes, {}), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
