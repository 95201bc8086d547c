// tamp::process_grid (MPI_Dims_create's grid without MPI) and tamp::triangular_side (MFDn's n_d), the answers
// of `tamp-map grids`: hand-checked grids, and the refusals.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "tamp/mfdn.hpp"
#include "tamp/process_grid.hpp"

namespace {

TEST(ProcessGrid, BalancedLargestFirst) {
  EXPECT_EQ(tamp::process_grid(64, 3), (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(tamp::process_grid(512, 3), (std::vector<int>{8, 8, 8}));
  EXPECT_EQ(tamp::process_grid(2048, 3),
            (std::vector<int>{16, 16, 8}));  // the stencil3d deck of [Bhatele10] at 2,048
  EXPECT_EQ(tamp::process_grid(64, 2), (std::vector<int>{8, 8}));
  EXPECT_EQ(tamp::process_grid(12, 2), (std::vector<int>{4, 3}));
  // 24 = 3*2*2*2: 3 -> {3,1,1}, 2 -> {3,2,1}, 2 -> {3,2,2}, 2 into the first smallest -> {3,4,2}: 4x3x2
  EXPECT_EQ(tamp::process_grid(24, 3), (std::vector<int>{4, 3, 2}));
}

TEST(ProcessGrid, PrimesAndOnes) {
  EXPECT_EQ(tamp::process_grid(7, 3), (std::vector<int>{7, 1, 1}));
  EXPECT_EQ(tamp::process_grid(1, 3), (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(tamp::process_grid(1000003, 2), (std::vector<int>{1000003, 1}));
  EXPECT_EQ(tamp::process_grid(30, 1), (std::vector<int>{30}));
}

TEST(ProcessGrid, ProductIsTheRanks) {
  for (int ranks = 1; ranks <= 2000; ++ranks)
    for (int d = 1; d <= 4; ++d) {
      long long product = 1;
      for (int n : tamp::process_grid(ranks, d)) product *= n;
      ASSERT_EQ(product, ranks) << ranks << " ranks, " << d << " dimensions";
    }
}

TEST(ProcessGrid, RefusesNonPositive) {
  EXPECT_THROW(tamp::process_grid(0, 3), std::invalid_argument);
  EXPECT_THROW(tamp::process_grid(8, 0), std::invalid_argument);
}

TEST(TriangularSide, OfTheLanczosScales) {
  EXPECT_EQ(tamp::triangular_side(1), 1);
  EXPECT_EQ(tamp::triangular_side(28), 7);
  EXPECT_EQ(tamp::triangular_side(55), 10);
  EXPECT_EQ(tamp::triangular_side(276), 23);
  EXPECT_EQ(tamp::triangular_side(18336), 191);
  EXPECT_THROW(tamp::triangular_side(30), std::invalid_argument);
}

}  // namespace
