// MiniGhost, MFDn and unstructured-mesh task graphs: counts and bytes worked out by hand, orderings,
// determinism.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>

#include "tamp/generators.hpp"
#include "tamp/mfdn.hpp"

namespace tamp {
namespace {

using Positions = std::vector<std::array<int, 2>>;

// 2x2x1 tasks of 10^3 cells, 5 vars: x pairs 2, y pairs 2, no z: 8 messages of a 12 x 12 face plane (MG_PACK
// sends the halo ring with the face, whatever the stencil) x 40 B; ring=0: the 10 x 10 face cells only.
TEST(GeneratorsMore, MiniGhostFaces) {
  const TaskGraph g = generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,stencil=3d7pt,sum=0");
  EXPECT_EQ(g.num_tasks(), 4);
  EXPECT_EQ(g.num_edges(), 8);
  EXPECT_FALSE(g.has_phases());
  EXPECT_DOUBLE_EQ(g.total_bytes(), 8 * 144 * 40.0);
  EXPECT_DOUBLE_EQ(generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,sum=0,ring=0").total_bytes(),
                   8 * 4000.0);
}

// The diagonal stencils send the same messages, one dimension at a time (x and y stages here, no z).
TEST(GeneratorsMore, MiniGhostDiagonalsGoByDimension) {
  const TaskGraph g = generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,stencil=3d27pt,sum=0");
  EXPECT_EQ(g.num_edges(), 8);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 8 * 144 * 40.0);
  ASSERT_EQ(g.phases().size(), 2u);
  EXPECT_EQ(g.phases()[0].name, "faces-y");
  EXPECT_EQ(g.phases()[1].name, "faces-x");
  for (const Edge& e : g.phases()[0].edges) EXPECT_EQ(std::abs(e.src - e.dst), 2);  // y neighbours on 2x2
  for (const Edge& e : g.phases()[1].edges) EXPECT_EQ(std::abs(e.src - e.dst), 1);
  // Defaults: 100^3 cells, 5 variables; a 2x1x1 grid has one pair.
  EXPECT_DOUBLE_EQ(generate_graph("minighost:2x1x1,sum=0").total_bytes(), 2 * 102 * 102 * 40.0);
  EXPECT_DOUBLE_EQ(generate_graph("minighost:2x1x1,vars=40,nx=3,ny=4,nz=5,sum=0").total_bytes(),
                   2 * 42 * 320.0);
}

TEST(GeneratorsMore, MfdnOrderingsNd3) {
  EXPECT_EQ(mfdn_grid_positions(3, MfdnOrdering::dm),
            (Positions{{0, 0}, {1, 1}, {2, 2}, {1, 0}, {2, 1}, {2, 0}}));
  EXPECT_EQ(mfdn_grid_positions(3, MfdnOrdering::cm),
            (Positions{{0, 0}, {1, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}));
  EXPECT_EQ(mfdn_grid_positions(3, MfdnOrdering::bdm),
            (Positions{{0, 0}, {1, 1}, {2, 2}, {1, 0}, {2, 1}, {0, 2}}));
  EXPECT_EQ(mfdn_grid_positions(3, MfdnOrdering::bcm),
            (Positions{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {0, 2}}));
}

TEST(GeneratorsMore, MfdnOrderingsNd5) {
  // DM: diagonal, then sub-diagonals d = 1..4.
  EXPECT_EQ(mfdn_grid_positions(5, MfdnOrdering::dm), (Positions{{0, 0},
                                                                 {1, 1},
                                                                 {2, 2},
                                                                 {3, 3},
                                                                 {4, 4},
                                                                 {1, 0},
                                                                 {2, 1},
                                                                 {3, 2},
                                                                 {4, 3},
                                                                 {2, 0},
                                                                 {3, 1},
                                                                 {4, 2},
                                                                 {3, 0},
                                                                 {4, 1},
                                                                 {4, 0}}));
  EXPECT_EQ(mfdn_grid_positions(5, MfdnOrdering::bcm), (Positions{{0, 0},
                                                                  {1, 0},
                                                                  {2, 0},
                                                                  {1, 1},
                                                                  {2, 1},
                                                                  {3, 1},
                                                                  {2, 2},
                                                                  {3, 2},
                                                                  {4, 2},
                                                                  {3, 3},
                                                                  {4, 3},
                                                                  {0, 3},
                                                                  {4, 4},
                                                                  {0, 4},
                                                                  {1, 4}}));
  // BDM, h = 3: d = 0..2 fit; (3,0): row 3 holds 3 -> (0,3); (4,1): row 4 full -> (1,4); (4,0) -> (0,4).
  EXPECT_EQ(mfdn_grid_positions(5, MfdnOrdering::bdm), (Positions{{0, 0},
                                                                  {1, 1},
                                                                  {2, 2},
                                                                  {3, 3},
                                                                  {4, 4},
                                                                  {1, 0},
                                                                  {2, 1},
                                                                  {3, 2},
                                                                  {4, 3},
                                                                  {2, 0},
                                                                  {3, 1},
                                                                  {4, 2},
                                                                  {0, 3},
                                                                  {1, 4},
                                                                  {0, 4}}));
}

TEST(GeneratorsMore, MfdnEveryBlockOnceBalancedRowsColumns) {
  for (int nd = 1; nd <= 41; nd += 2)
    for (MfdnOrdering o : {MfdnOrdering::dm, MfdnOrdering::cm, MfdnOrdering::bdm, MfdnOrdering::bcm}) {
      const Positions p = mfdn_grid_positions(nd, o);
      ASSERT_EQ(static_cast<int>(p.size()), nd * (nd + 1) / 2);
      std::set<std::pair<int, int>> blocks;
      std::vector<int> row(nd, 0), col(nd, 0);
      for (const auto& ij : p) {
        blocks.insert({std::max(ij[0], ij[1]), std::min(ij[0], ij[1])});
        ++row[ij[0]];
        ++col[ij[1]];
      }
      EXPECT_EQ(blocks.size(), p.size()) << "nd " << nd << " " << to_string(o);
      if (o == MfdnOrdering::bdm || o == MfdnOrdering::bcm)
        for (int k = 0; k < nd; ++k) {
          EXPECT_EQ(row[k], (nd + 1) / 2) << "nd " << nd << " " << to_string(o);
          EXPECT_EQ(col[k], (nd + 1) / 2) << "nd " << nd << " " << to_string(o);
        }
    }
  EXPECT_THROW(mfdn_grid_positions(4, MfdnOrdering::bcm), std::invalid_argument);
}

// nd = 3, DM: column trees 0-3, 0-5, 1-4; row trees 1-3, 2-5, 2-4 (row 2 is 2, 5, 4 by key): 6 pairs, both
// ways.
TEST(GeneratorsMore, MfdnGraphNd3) {
  const TaskGraph g = generate_graph("mfdn:3,orth=0");  // the SpMV only (orth=1 adds O1-O6)
  EXPECT_EQ(g.num_tasks(), 6);
  EXPECT_EQ(g.num_edges(), 12);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 12 * 8e6);  // n = 3e6, segment 1e6 doubles
  const TaskGraph h = generate_graph("mfdn:3,ordering=cm,n=300,orth=0");
  EXPECT_DOUBLE_EQ(h.total_bytes(), 12 * 800.0);
}

// One square cut into 2 triangles, one per part: part 0's triangle owns the diagonal's 2 nodes (lowest part)
// and its own corner; part 1's triangle needs the 2 diagonal nodes from part 0 and part 0 computes it as a
// ghost, so needs part 1's corner: 16 bytes 0 -> 1, 8 bytes 1 -> 0, whatever the seed draws.
TEST(GeneratorsMore, MeshGhostNodesOfOneSquare) {
  for (const char* seed : {"1", "7"}) {
    const TaskGraph g = generate_graph(std::string("mesh:2d,parts=2,cells=2,seed=") + seed);
    ASSERT_EQ(g.num_edges(), 2);
    EXPECT_EQ(g.targets()[0], 1);
    EXPECT_DOUBLE_EQ(g.bytes()[0], 16);
    EXPECT_DOUBLE_EQ(g.bytes()[1], 8);
    EXPECT_EQ(g.coordinate_dim(), 2);
  }
  // One cube of 6 tetrahedra, one part: nothing to send.
  EXPECT_EQ(generate_graph("mesh:3d,parts=1,cells=6").num_edges(), 0);
}

// The generated mesh: 2 x 2 squares of 2 triangles, 9 vertices moved by at most 1/10, cells positive.
TEST(GeneratorsMore, MeshGeneratedCellsArePositive) {
  const SimplexMeshData m = generate_simplex_mesh(2, 8, 3);
  ASSERT_EQ(m.cells.size(), 8u * 3);
  ASSERT_EQ(m.vertices.size(), 9u * 2);
  for (std::size_t v = 0; v < 9; ++v) {
    EXPECT_LE(std::abs(m.vertices[2 * v] - static_cast<double>(v % 3)), 0.1);
    EXPECT_LE(std::abs(m.vertices[2 * v + 1] - static_cast<double>(v / 3)), 0.1);
  }
  for (std::size_t c = 0; c < m.cells.size(); c += 3) {
    const auto x = [&](int k, int d) { return m.vertices[static_cast<std::size_t>(m.cells[c + k]) * 2 + d]; };
    EXPECT_GT((x(1, 0) - x(0, 0)) * (x(2, 1) - x(0, 1)) - (x(1, 1) - x(0, 1)) * (x(2, 0) - x(0, 0)), 0);
  }
}

TEST(GeneratorsMore, MeshDeterministicAndExactParts) {
  const TaskGraph a = generate_graph("mesh:3d,parts=16,cells=3000,seed=5");
  const TaskGraph b = generate_graph("mesh:3d,parts=16,cells=3000,seed=5");
  EXPECT_EQ(a.targets(), b.targets());
  EXPECT_EQ(a.bytes(), b.bytes());
  EXPECT_EQ(a.coordinates(), b.coordinates());
  const TaskGraph c = generate_graph("mesh:3d,parts=16,cells=3000,seed=6");
  EXPECT_NE(a.coordinates(), c.coordinates());

  const auto mesh = generate_simplex_mesh(2, 1000, 3);
  const int cells = static_cast<int>(mesh.cells.size() / 3);
  const auto part = rcb_partition(simplex_centroids(2, mesh.vertices, mesh.cells), 2, 7);
  std::vector<int> size(7, 0);
  for (int p : part) ++size[p];
  for (int k = 0; k < 7; ++k) EXPECT_EQ(size[k], cells / 7 + (k < cells % 7)) << k;
}

TEST(GeneratorsMore, ParseErrorsNameTheSpec) {
  for (const std::string spec : {"minighost:2x2", "minighost:2x2x2,stencil=5pt", "minighost:2x2x2,vars=41",
                                 "mfdn:0", "mfdn:4,ordering=bdm", "mfdn:3,ordering=xx", "mesh:4d,parts=2",
                                 "mesh:2d", "mesh:2d,parts=100,cells=8", "mesh:2d,parts=2,colour=red"}) {
    try {
      generate_graph(spec);
      ADD_FAILURE() << spec << " did not throw";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(spec), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tamp
