#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/impl/two_level.hpp"
#include "algorithms/regular/regular_embeddings.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

Allocation box_nodes(std::vector<int> dims, bool wrap = false, int nodes_per_router = 1) {
  return Allocation::whole_machine(test::make_torus(std::move(dims), wrap, nodes_per_router), 1);
}

Metrics run(impl::NodeLevelFn fn, const TaskGraph& graph, const Allocation& nodes) {
  const Mapping m = fn(graph, nodes, {});
  m.validate(1);
  return evaluate(graph, nodes, m);
}

// [Bhatele10] §9.2: 32x8 onto 8x8x4 is four 8x8 pieces, piece j on plane z = j. Stacked: object (x, y) on
// (x mod 8, y, x / 8); folded: odd pieces mirrored, (7 - x mod 8, y, x / 8).
TEST(StackFold, ThesisExamplePieces) {
  const std::vector<int> stacked = impl::stack_cells(32, 8, {8, 8, 4}, false);
  const std::vector<int> folded = impl::stack_cells(32, 8, {8, 8, 4}, true);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 32; ++x) {
      const int z = x / 8, u = x % 8;
      EXPECT_EQ(stacked[x + 32 * y], u + 8 * (y + 8 * z));
      EXPECT_EQ(folded[x + 32 * y], (z % 2 ? 7 - u : u) + 8 * (y + 8 * z));
    }
}

// Hops of that example, by hand. 472 neighbour pairs (31x8 along x, 32x7 along y). Stacked on a mesh the
// 3 cuts x 8 rows are 7 + 1 = 8 hops: (472 - 24 + 24 x 8) / 472 = 640/472; on a torus the 8-ring makes them
// 1 + 1 = 2 hops: 496/472. Folded, every neighbour is one hop: 1.
TEST(StackFold, ThesisExampleHops) {
  const TaskGraph grid = test::stencil({32, 8});
  const Metrics stack_mesh = run(impl::stack_nodes, grid, box_nodes({8, 8, 4}));
  EXPECT_DOUBLE_EQ(stack_mesh.hops_per_byte, 640.0 / 472.0);
  EXPECT_EQ(stack_mesh.max_dilation, 8);
  EXPECT_DOUBLE_EQ(run(impl::stack_nodes, grid, box_nodes({8, 8, 4}, true)).hops_per_byte, 496.0 / 472.0);
  for (bool wrap : {false, true}) {
    const Metrics fold = run(impl::fold_nodes, grid, box_nodes({8, 8, 4}, wrap));
    EXPECT_DOUBLE_EQ(fold.hops_per_byte, 1.0);
    EXPECT_EQ(fold.max_dilation, 1);
  }
}

// The smallest dimension in the middle, and the grid's long side along y: the cut still runs across the long
// side and the planes across the smallest dimension.
TEST(StackFold, SmallestDimensionAnywhere) {
  const TaskGraph grid = test::stencil({8, 32});
  const Metrics fold = run(impl::fold_nodes, grid, box_nodes({8, 4, 8}));
  EXPECT_EQ(fold.max_dilation, 1);
  const std::vector<int> cells = impl::stack_cells(8, 32, {8, 4, 8}, false);
  EXPECT_EQ(cells[3 + 8 * 9], 3 + 8 * (1 + 4 * 1));  // object (3, 9): piece 1, (3, 1) on its plane
}

// A side the box's smallest dimension does not divide: 30 = 8+8+7+7 on 8x8x4 (240 of 256 nodes). Folding
// keeps every neighbour within 2 hops (the one cut between an 8 and a 7 piece is off by one).
TEST(StackFold, UnevenPieces) {
  const TaskGraph grid = test::stencil({30, 8});
  const Allocation nodes = box_nodes({8, 8, 4});
  EXPECT_LE(run(impl::fold_nodes, grid, nodes).max_dilation, 2);
  run(impl::stack_nodes, grid, nodes);
  // Shorter side than planes: 3 pieces of 1 on a 4-deep box.
  const std::vector<int> cells = impl::stack_cells(3, 2, {4, 4, 4}, true);
  EXPECT_EQ(std::set<int>(cells.begin(), cells.end()).size(), 6u);
}

TEST(StackFold, ThrowsWhereItDoesNotApply) {
  // 7x7 on 5x5x2: pieces of 4x7 = 28 objects cannot go on a 25-node plane.
  try {
    impl::stack_cells(7, 7, {5, 5, 2}, true);
    FAIL() << "a piece larger than a plane must be refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("fold"), std::string::npos);
  }
  EXPECT_THROW(impl::stack_nodes(test::stencil({8, 8}), box_nodes({8, 8}), {}), std::invalid_argument);
  EXPECT_THROW(impl::fold_nodes(test::stencil({4, 4, 4}), box_nodes({4, 4, 4}), {}), std::invalid_argument);
}

// Two nodes per router: a 2D torus gives a 4x4x2 box (folded onto the two nodes of each router), a 3D torus a
// 4D box whose node index is merged into a router dimension.
TEST(StackFold, NodesPerRouter) {
  const Allocation plane = box_nodes({4, 4}, true, 2);
  const TaskGraph grid = test::stencil({8, 4});
  EXPECT_EQ(run(impl::fold_nodes, grid, plane).max_dilation, 1);
  const Allocation gemini = box_nodes({4, 4, 2}, true, 2);
  const TaskGraph big = test::stencil({16, 4});
  const Mapping a = impl::fold_nodes(big, gemini, {});
  a.validate(1);
  EXPECT_EQ(a.slots(), impl::fold_nodes(big, gemini, {}).slots());
  EXPECT_EQ(evaluate(big, gemini, a).max_dilation, 1);
}

TEST(StackFold, TwoLevelOnMultiCoreNodes) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4, 2}, false), 4);
  const TaskGraph graph = test::stencil({32, 4});
  for (auto fn : {impl::two_level<impl::stack_nodes>, impl::two_level<impl::fold_nodes>}) {
    const Mapping m = fn(graph, alloc, {});
    m.validate(1);
    EXPECT_EQ(m.slots(), fn(graph, alloc, {}).slots());
  }
}

// [Bhatele10] maps ranks onto the cores of a Blue Gene/P partition (4 cores per node). Folded as the thesis
// folds, with the core index merged into a machine dimension (1x4 or 4x1 blocks of ranks per node), the
// thesis's example reappears one level down: 32x32 ranks on 8x8x4 nodes are a 32x8 grid of blocks on 8x8x4.
// Every pair of neighbours is on one node or one hop apart: 768 of the 1,984 pairs share a node. On the torus,
// 2x2 blocks (the 16x16 block grid cut into two halves per plane, 5 hops apart across the ring) keep more pairs
// on a node: 1,088 hop-pairs against 1,216. By hop-bytes they win there; by predicted time the fold does.
TEST(StackFold, ThesisExampleOneRankPerCore) {
  const TaskGraph grid = test::stencil({32, 32});
  const double one_hop = (1984.0 - 768.0) / 1984.0;
  MapOptions by_time;
  by_time.objective = Objective::time;
  const Allocation mesh = Allocation::whole_machine(test::make_torus({8, 8, 4}, false), 4);
  const Allocation torus = Allocation::whole_machine(test::make_torus({8, 8, 4}, true), 4);
  for (const auto& [cores, options] : std::vector<std::pair<Allocation, MapOptions>>{
           {mesh, MapOptions{}}, {mesh, by_time}, {torus, by_time}}) {
    const Mapping m = map_tasks("fold", grid, cores, options);
    m.validate(1);
    const Metrics fold = evaluate(grid, cores, m);
    EXPECT_EQ(fold.max_dilation, 1);
    EXPECT_NEAR(fold.hops_per_byte, one_hop, 1e-12);
  }
  const Metrics blocks = evaluate(grid, torus, map_tasks("fold", grid, torus));
  EXPECT_NEAR(blocks.hops_per_byte, 1088.0 / 1984.0, 1e-12);
  EXPECT_EQ(blocks.max_dilation, 5);
}

// The partitions of [Bhatele10] Figs. 9.9 and 9.11: 32x32 ranks on an 8x4x8 mesh (1,024 cores) and 64x64 on
// an 8x8x16 torus (4,096 cores). Folded as the thesis folds, every neighbour is at most one hop away. Nodes
// holding 2x2 blocks cannot do that: at 1,024 cores a 4x16 piece of the 16x16 block grid does not fit an 8x8
// plane, and MXOV+AL lays its two halves side by side, 11 hops apart.
TEST(StackFold, ThesisPartitionsOneHop) {
  const Allocation mesh_1024 = Allocation::whole_machine(test::make_torus({8, 4, 8}, false), 4);
  const TaskGraph grid_1024 = test::stencil({32, 32});
  EXPECT_EQ(evaluate(grid_1024, mesh_1024, map_tasks("fold", grid_1024, mesh_1024)).max_dilation, 1);
  EXPECT_EQ(evaluate(grid_1024, mesh_1024, impl::two_level<impl::fold_nodes>(grid_1024, mesh_1024, {})).max_dilation,
            11);
  // At 4,096 cores the 2x2 blocks send fewer bytes off their nodes (3,968 neighbour pairs against 4,992), and
  // their longer hops still leave the hop-bytes lower: the objective decides. By predicted time (the apps'
  // objective) the one-hop fold wins.
  const Allocation torus_4096 = Allocation::whole_machine(test::make_torus({8, 8, 16}, true), 4);
  const TaskGraph grid_4096 = test::stencil({64, 64});
  MapOptions by_time;
  by_time.objective = Objective::time;
  const Metrics timed = evaluate(grid_4096, torus_4096, map_tasks("fold", grid_4096, torus_4096, by_time));
  EXPECT_EQ(timed.max_dilation, 1);
  EXPECT_LT(evaluate(grid_4096, torus_4096, map_tasks("fold", grid_4096, torus_4096)).hop_bytes, timed.hop_bytes);
}

}  // namespace
}  // namespace tamp
