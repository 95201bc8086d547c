#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>

#include "algorithms/impl/two_level.hpp"
#include "algorithms/regular/regular_embeddings.hpp"
#include "tamp/algorithms.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

using impl::OverlapPiece;
using impl::Rect;

bool same_piece(const OverlapPiece& p, Rect objects, int px0, int py0, bool transposed) {
  return p.objects == objects && p.px0 == px0 && p.py0 == py0 && p.transposed == transposed;
}

// Every object on its own processor.
void expect_injective(const std::vector<int>& cells, int num_cells) {
  std::set<int> seen;
  for (int c : cells) {
    EXPECT_GE(c, 0);
    EXPECT_LT(c, num_cells);
    EXPECT_TRUE(seen.insert(c).second) << "processor " << c << " used twice";
  }
}

// [Bhatele10] Fig. 9.1: 9x8 onto 6x12 maps a 6x8 block, then 3x8 onto 6x4 (a 3x4 block, then 3x4 onto 3x4).
TEST(Mxovlp, RecursionOfFigure91) {
  const auto pieces = impl::max_overlap_pieces(9, 8, 6, 12, false);
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_TRUE(same_piece(pieces[0], {0, 0, 6, 8}, 0, 0, false));
  EXPECT_TRUE(same_piece(pieces[1], {6, 0, 3, 4}, 0, 8, false));
  EXPECT_TRUE(same_piece(pieces[2], {6, 4, 3, 4}, 3, 8, false));
  const std::vector<int> cells = impl::max_overlap_cells(9, 8, 6, 12, false);
  expect_injective(cells, 72);
  EXPECT_EQ(cells[5 + 9 * 7], 5 + 6 * 7);   // in the 6x8 block: where it is
  EXPECT_EQ(cells[6 + 9 * 0], 0 + 6 * 8);   // first object of the 3x8 rest: first processor of the 6x4 rest
  EXPECT_EQ(cells[8 + 9 * 7], 5 + 6 * 11);  // last object, last processor
}

// The same placement on a 6x12 mesh of nodes, hop by hop: inside the three blocks every neighbour is 1 hop
// (40+42 + 2x(8+9) = 116 pairs); across: (5,y)-(6,y) y<4: 5+8 = 13 hops x 4; y>=4: 2+4 = 6 x 4; (x,3)-(x,4),
// x>=6: 3+3 = 6 x 3. 210 hops over 127 pairs.
TEST(Mxovlp, HopsOnTheFigureExample) {
  const Allocation nodes = test::mesh_nodes({6, 12});
  const TaskGraph grid = test::stencil({9, 8});
  const Metrics m = evaluate(grid, nodes, impl::mxovlp_nodes(grid, nodes, {}));
  EXPECT_DOUBLE_EQ(m.hops_per_byte, 210.0 / 127.0);
  EXPECT_EQ(m.max_dilation, 13);
}

TEST(Mxovlp, SameShapeIsOneToOne) {
  const auto pieces = impl::max_overlap_pieces(5, 7, 5, 7, false);
  ASSERT_EQ(pieces.size(), 1u);
  const std::vector<int> cells = impl::max_overlap_cells(5, 7, 5, 7, false);
  for (int t = 0; t < 35; ++t) EXPECT_EQ(cells[t], t);
}

// Fewer objects than processors: the recursion stops once the rest fits, in the corner of the processors
// left. 5x3 onto 4x4: 4x3 block; 1x3 onto 4x1: a 1x1; 1x2 onto 3x1: a 1x1; 1x1 onto 2x1 fits. Processor (3,3)
// stays free.
TEST(Mxovlp, FewerObjectsStopWhenTheRestFits) {
  const auto pieces = impl::max_overlap_pieces(5, 3, 4, 4, false);
  ASSERT_EQ(pieces.size(), 4u);
  EXPECT_TRUE(same_piece(pieces[0], {0, 0, 4, 3}, 0, 0, false));
  EXPECT_TRUE(same_piece(pieces[1], {4, 0, 1, 1}, 0, 3, false));
  EXPECT_TRUE(same_piece(pieces[2], {4, 1, 1, 1}, 1, 3, false));
  EXPECT_TRUE(same_piece(pieces[3], {4, 2, 1, 1}, 2, 3, false));
  const std::vector<int> cells = impl::max_overlap_cells(5, 3, 4, 4, false);
  expect_injective(cells, 16);
  EXPECT_EQ(std::set<int>(cells.begin(), cells.end()).count(15), 0u);
}

// Sides that share no factor run the recursion down to 1-wide strips; it still ends with every object placed.
TEST(Mxovlp, UnevenSidesStillFinish) {
  for (auto [ox, oy, px, py] : std::vector<std::array<int, 4>>{
           {7, 11, 11, 7}, {13, 5, 8, 9}, {1, 17, 17, 1}, {31, 3, 4, 25}, {10, 10, 3, 37}}) {
    const std::vector<int> cells = impl::max_overlap_cells(ox, oy, px, py, false);
    expect_injective(cells, px * py);
  }
}

TEST(Mxovlp, MoreObjectsThanProcessorsThrow) {
  EXPECT_THROW(impl::max_overlap_pieces(9, 8, 6, 11, false), std::invalid_argument);
}

TEST(Mxovlp, NodeLevelIsValidAndDeterministic) {
  for (auto [grid, box] : std::vector<std::pair<std::vector<int>, std::vector<int>>>{
           {{9, 8}, {6, 12}}, {{16, 4}, {8, 8}}, {{5, 1, 6}, {10, 3}}, {{7, 7}, {10, 5}}, {{12}, {4, 3}}}) {
    const Allocation nodes = test::mesh_nodes(box);
    const TaskGraph graph = test::stencil(grid);
    const Mapping a = impl::mxovlp_nodes(graph, nodes, {});
    a.validate(1);
    EXPECT_EQ(a.slots(), impl::mxovlp_nodes(graph, nodes, {}).slots());
  }
}

TEST(Mxovlp, ThrowsWhereItDoesNotApply) {
  const Allocation plane = test::mesh_nodes({8, 8});
  EXPECT_THROW(impl::mxovlp_nodes(test::stencil({4, 4, 4}), plane, {}), std::invalid_argument);  // 3D grid
  EXPECT_THROW(impl::mxovlp_nodes(TaskGraph::from_edges(4, {{0, 1, 8}}), plane, {}), std::invalid_argument);
  try {  // a 3D box: the message names the algorithm and points to stack/fold
    impl::mxovlp_nodes(test::stencil({8, 8}), test::mesh_nodes({4, 4, 4}), {});
    FAIL() << "a 3D box must be refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("mxovlp"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("stack"), std::string::npos);
  }
  // A 4x4 box holding 10 allocated nodes.
  const Allocation holes(test::make_torus({4, 4}, false), {0, 1, 2, 3, 4, 5, 6, 7, 8, 15}, 1);
  EXPECT_THROW(impl::mxovlp_nodes(test::stencil({5, 2}), holes, {}), std::invalid_argument);
}

// Two nodes per router on a 4x4 torus: the box is 4x4x2; the node index is merged into one router dimension
// and the better view kept. A 4x8 grid then lies on a 4x(4x2) box, neighbours on the same or the next router.
TEST(Mxovlp, NodesPerRouterMergeIntoARouterDimension) {
  const Allocation nodes = Allocation::whole_machine(test::make_torus({4, 4}, true, 2), 1);
  const TaskGraph graph = test::stencil({4, 8});
  const Mapping m = impl::mxovlp_nodes(graph, nodes, {});
  m.validate(1);
  EXPECT_EQ(evaluate(graph, nodes, m).max_dilation, 1);
}

// Through two_level (the registry's form): 4 cores per node, 16x16 tasks as a block grid on an 8x8 mesh of
// nodes.
TEST(Mxovlp, TwoLevelOnMultiCoreNodes) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8}, false), 4);
  const TaskGraph graph = test::stencil({16, 16});
  const Mapping m = impl::two_level<impl::mxovlp_nodes>(graph, alloc, {});
  m.validate(1);
  EXPECT_LT(evaluate(graph, alloc, m).hop_bytes,
            evaluate(graph, alloc, map_random(graph, alloc, {})).hop_bytes);
}

}  // namespace
}  // namespace tamp
