#include <gtest/gtest.h>

#include <random>

#include "algorithms/impl/free_grid.hpp"

namespace tamp::impl {
namespace {

// Brute force: the nearest free cell by distance alone.
int nearest_distance(const FreeGrid& grid, int wanted) {
  int best = -1;
  for (int c = 0; c < grid.num_cells(); ++c)
    if (grid.is_free(c) && (best < 0 || grid.distance(wanted, c) < best)) best = grid.distance(wanted, c);
  return best;
}

TEST(FreeGrid, Basics) {
  FreeGrid grid({4, 3}, {false, true});
  EXPECT_EQ(grid.num_dims(), 2);
  EXPECT_EQ(grid.num_cells(), 12);
  EXPECT_EQ(grid.cell({1, 2}), 9);
  EXPECT_EQ(grid.coords(9), (std::vector<int>{1, 2}));
  EXPECT_EQ(grid.distance(grid.cell({0, 0}), grid.cell({3, 2})), 3 + 1);  // y wraps: 2 -> 0 is one hop
  grid.take(9);
  EXPECT_FALSE(grid.is_free(9));
  EXPECT_EQ(grid.num_free(), 11);
  EXPECT_THROW(grid.take(9), std::invalid_argument);
  EXPECT_THROW(FreeGrid({0, 2}, {false, false}), std::invalid_argument);
  EXPECT_THROW(FreeGrid({2, 2}, {false, false}, {true}), std::invalid_argument);
}

TEST(FreeGrid, WantedFreeIsReturned) {
  const FreeGrid grid({5, 5}, {false, false});
  EXPECT_EQ(grid.nearest_spiral(12), 12);
  EXPECT_EQ(grid.nearest_tree(12), 12);
  EXPECT_EQ(grid.nearest(12), 12);
}

// Fig. B.1 from (2,2) of a 5x5 mesh: shell d = 1 is tried as (1,2), (2,3), (2,1), (3,2): x offset from -d up,
// y + j before y - j. Freeing one cell of the shell at a time shows the order.
TEST(FreeGrid, TieOrderOfFigureB1) {
  const std::vector<std::vector<int>> shell1 = {{1, 2}, {2, 3}, {2, 1}, {3, 2}};
  const std::vector<std::vector<int>> shell2 = {{0, 2}, {1, 3}, {1, 1}, {2, 4},
                                                {2, 0}, {3, 3}, {3, 1}, {4, 2}};
  for (int variant = 0; variant < 3; ++variant) {
    FreeGrid grid({5, 5}, {false, false});
    const int centre = grid.cell({2, 2});
    grid.take(centre);
    std::vector<int> expected;
    // Take the cells one by one by nearest(): they come out in the spiral's order, shell 1 then shell 2.
    for (const auto& c : shell1) expected.push_back(grid.cell(c));
    for (const auto& c : shell2) expected.push_back(grid.cell(c));
    for (int want : expected) {
      const auto got = variant == 0   ? grid.nearest_spiral(centre)
                       : variant == 1 ? grid.nearest_tree(centre)
                                      : grid.nearest(centre);
      ASSERT_TRUE(got);
      EXPECT_EQ(grid.coords(*got), grid.coords(want)) << "variant " << variant;
      grid.take(*got);
    }
  }
}

// At a corner the x offsets are clipped to the grid (Fig. B.1 lines 75-76): from (0,0) shell 1 is (0,1),
// (1,0).
TEST(FreeGrid, CornerClipsTheShell) {
  FreeGrid grid({3, 3}, {false, false});
  grid.take(0);
  EXPECT_EQ(grid.coords(*grid.nearest_spiral(0)), (std::vector<int>{0, 1}));
  EXPECT_EQ(grid.coords(*grid.nearest_tree(0)), (std::vector<int>{0, 1}));
}

// On a torus the shell wraps: from (0,0) of a 4x4 torus, (3,0) (offset -1 in x) is tried first.
TEST(FreeGrid, ShellWrapsOnATorus) {
  FreeGrid grid({4, 4}, {true, true});
  grid.take(0);
  EXPECT_EQ(grid.coords(*grid.nearest_spiral(0)), (std::vector<int>{3, 0}));
  EXPECT_EQ(grid.coords(*grid.nearest_tree(0)), (std::vector<int>{3, 0}));
  // Distance 2 on a ring of 4: the cell 2 away is reached once (as offset -2).
  FreeGrid ring({4}, {true});
  for (int c : {0, 1, 3}) ring.take(c);
  EXPECT_EQ(ring.nearest_spiral(0), 2);
  EXPECT_EQ(ring.nearest_tree(0), 2);
}

// 3D (Alg. B.1 without rescanning inner shells): from the centre of a 3x3x3 mesh, shell 1 in order
// x-1, then x (y-1 z, y z+1, y z-1, y+1 z), then x+1.
TEST(FreeGrid, TieOrder3D) {
  FreeGrid grid({3, 3, 3}, {false, false, false});
  const int centre = grid.cell({1, 1, 1});
  grid.take(centre);
  const std::vector<std::vector<int>> shell1 = {{0, 1, 1}, {1, 0, 1}, {1, 1, 2},
                                                {1, 1, 0}, {1, 2, 1}, {2, 1, 1}};
  for (const auto& c : shell1) {
    EXPECT_EQ(grid.coords(*grid.nearest_tree(centre)), c);
    const auto got = grid.nearest_spiral(centre);
    ASSERT_TRUE(got);
    EXPECT_EQ(grid.coords(*got), c);
    grid.take(*got);
  }
}

TEST(FreeGrid, UnavailableCellsAreNeverReturned) {
  std::vector<bool> available(16, false);
  available[15] = true;
  available[5] = true;
  FreeGrid grid({4, 4}, {false, false}, available);
  EXPECT_EQ(grid.num_free(), 2);
  EXPECT_FALSE(grid.is_free(0));
  EXPECT_THROW(grid.take(0), std::invalid_argument);
  EXPECT_EQ(grid.nearest_spiral(0), 5);
  EXPECT_EQ(grid.nearest_tree(0), 5);
  grid.take(5);
  EXPECT_EQ(grid.nearest(0), 15);
  grid.take(15);
  EXPECT_FALSE(grid.nearest_spiral(0));
  EXPECT_FALSE(grid.nearest_tree(0));
  EXPECT_FALSE(grid.nearest(0));
}

// Property: on random grids (1-3D, meshes, tori, mixed, with holes), taking cells in random order, the spiral
// and the tree give the same distance as brute force — and the very same cell, since both break ties the
// spiral's way.
TEST(FreeGrid, SpiralAndTreeAgreeOnRandomOccupancy) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const int dims = 1 + static_cast<int>(rng() % 3);
    std::vector<int> shape(dims);
    std::vector<bool> wrap(dims);
    int cells = 1;
    for (int d = 0; d < dims; ++d) {
      shape[d] = 1 + static_cast<int>(rng() % (dims == 1 ? 20 : dims == 2 ? 9 : 6));
      wrap[d] = rng() % 2;
      cells *= shape[d];
    }
    std::vector<bool> available(cells, true);
    if (trial % 3 == 0)
      for (int c = 0; c < cells; ++c) available[c] = rng() % 4 != 0;
    FreeGrid grid(shape, wrap, available);
    while (grid.num_free() > 0) {
      const int wanted = static_cast<int>(rng() % cells);
      const auto spiral = grid.nearest_spiral(wanted);
      const auto tree = grid.nearest_tree(wanted);
      const auto either = grid.nearest(wanted);
      ASSERT_TRUE(spiral && tree && either);
      ASSERT_EQ(grid.distance(wanted, *spiral), nearest_distance(grid, wanted)) << "trial " << trial;
      ASSERT_EQ(grid.distance(wanted, *tree), nearest_distance(grid, wanted)) << "trial " << trial;
      ASSERT_EQ(*tree, *spiral) << "trial " << trial;
      ASSERT_EQ(*either, *spiral) << "trial " << trial;
      ASSERT_TRUE(grid.is_free(*spiral));
      // Mostly take the found cell (the mapping algorithms' use), sometimes a random free one.
      int take = *spiral;
      if (rng() % 3 == 0) {
        const int c = static_cast<int>(rng() % cells);
        if (grid.is_free(c)) take = c;
      }
      grid.take(take);
    }
    EXPECT_FALSE(grid.nearest(0));
  }
}

// Four dimensions (a 3D torus with two nodes per router) go through the same code.
TEST(FreeGrid, FourDimensionsAgree) {
  std::mt19937_64 rng(11);
  FreeGrid grid({3, 4, 2, 2}, {true, false, true, false});
  while (grid.num_free() > 0) {
    const int wanted = static_cast<int>(rng() % grid.num_cells());
    const auto spiral = grid.nearest_spiral(wanted);
    ASSERT_TRUE(spiral);
    ASSERT_EQ(grid.distance(wanted, *spiral), nearest_distance(grid, wanted));
    ASSERT_EQ(grid.nearest_tree(wanted), spiral);
    grid.take(*spiral);
  }
}

}  // namespace
}  // namespace tamp::impl
