// The FFT generator: the four transposes as one-round alltoallv phases, bytes worked out by hand on uneven
// grids, the default grid and the spec's errors.
#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <string>

#include "tamp/generators.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

using test::phase_bytes;

// 2 x 2 grid of 4x4x4: every plane count is 2; rows-forward: (r, c) -> (r, 1-c) 2 x 2 x 2 elements.
TEST(GeneratorsFft, PencilPhasesOnEvenGrid) {
  const TaskGraph g = generate_graph("fft:4x4x4,grid=2x2");
  ASSERT_EQ(g.phases().size(), 4u);
  const char* names[] = {"rows-forward/r0", "columns-forward/r0", "columns-backward/r0", "rows-backward/r0"};
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(g.phases()[k].name, names[k]);
    EXPECT_EQ(g.phases()[k].kind, PhaseKind::collective);
    EXPECT_DOUBLE_EQ(g.phases()[k].count, 1);
    EXPECT_EQ(g.phases()[k].edges.size(), 4u);  // 2 communicators x 2 ordered pairs: one pairwise round
    EXPECT_DOUBLE_EQ(phase_bytes(g.phases()[k]), 4 * 8 * 16.0);
  }
  for (const Edge& e : g.phases()[0].edges) EXPECT_EQ(e.src / 2, e.dst / 2);  // rows: same r
  for (const Edge& e : g.phases()[1].edges) EXPECT_EQ(e.src % 2, e.dst % 2);  // columns: same c
  EXPECT_DOUBLE_EQ(g.total_bytes(), fft_transposed_bytes({4, 4, 4}, 2, 2));
  ASSERT_TRUE(g.grid().has_value());
  EXPECT_EQ(g.coordinate_dim(), 2);
}

// 1 x 3 grid of 2x5x4 (no column transposes): n1 over 3 = 2,2,1; n2 over 3 = 2,1,1. Forward rows: c -> c2
// sends n0 x n1(c) x n2(c2); backward the transpose of it. Three members (not a power of two): two pairwise
// rounds, round k sends c -> (c + k) mod 3.
TEST(GeneratorsFft, UnevenRowsOnly) {
  const TaskGraph g = generate_graph("fft:2x5x4,grid=1x3");
  ASSERT_EQ(g.phases().size(), 4u);
  EXPECT_EQ(g.phases()[0].name, "rows-forward/r0");
  EXPECT_EQ(g.phases()[1].name, "rows-forward/r1");
  EXPECT_EQ(g.phases()[2].name, "rows-backward/r0");
  EXPECT_EQ(g.phases()[3].name, "rows-backward/r1");
  const double n1[3] = {2, 2, 1}, n2[3] = {2, 1, 1};
  for (int k = 0; k < 2; ++k) {
    for (const Edge& e : g.phases()[k].edges) {
      EXPECT_EQ(e.dst, (e.src + k + 1) % 3);
      EXPECT_DOUBLE_EQ(e.bytes, 16 * 2 * n1[e.src] * n2[e.dst]);
    }
    for (const Edge& e : g.phases()[2 + k].edges) EXPECT_DOUBLE_EQ(e.bytes, 16 * 2 * n1[e.dst] * n2[e.src]);
  }
  EXPECT_DOUBLE_EQ(g.total_bytes(), fft_transposed_bytes({2, 5, 4}, 1, 3));
}

// ranks=P takes the grid of least transposed volume (the tamp-fft default): on 16 ranks a row moves
// (1 - 1/PC) and a column (1 - 1/PR) of the array, 2x8 and 8x2 tie at 1.375 (4x4: 1.5), the smaller PR wins;
// a prime count is a slab.
TEST(GeneratorsFft, DefaultGrid) {
  EXPECT_EQ(fft_default_grid({32, 32, 16}, 16), (std::array<int, 2>{2, 8}));
  EXPECT_EQ(fft_default_grid({32, 32, 32}, 7), (std::array<int, 2>{7, 1}));
  const TaskGraph slab = generate_graph("fft:8x8x8,ranks=7");
  EXPECT_EQ(slab.num_tasks(), 7);
  ASSERT_EQ(slab.phases().size(), 12u);  // columns only: 6 pairwise rounds each way
  EXPECT_EQ(slab.phases()[0].name, "columns-forward/r0");
  EXPECT_DOUBLE_EQ(generate_graph("fft:32x32x16,ranks=16").total_bytes(),
                   generate_graph("fft:32x32x16,grid=2x8").total_bytes());
  EXPECT_GT(generate_graph("fft:32x32x16,grid=4x4").total_bytes(),
            generate_graph("fft:32x32x16,ranks=16").total_bytes());
}

TEST(GeneratorsFft, Errors) {
  for (const std::string spec : {"fft:4x4", "fft:4x4x4", "fft:4x4x4,grid=2", "fft:4x4x4,ranks=4,grid=2x2",
                                 "fft:4x4x4,grid=8x1", "fft:4x4x4,tile=2"})
    EXPECT_THROW(generate_graph(spec), std::invalid_argument) << spec;
}

}  // namespace
}  // namespace tamp
