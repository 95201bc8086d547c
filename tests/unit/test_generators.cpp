// Stencil task graphs: message counts and sizes worked out by hand, periodic or not, and the spec parser.
#include <gtest/gtest.h>

#include <new>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/generators.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

double out_bytes(const TaskGraph& g, int task) {
  double b = 0;
  for (std::int64_t e = g.offsets()[task]; e < g.offsets()[task + 1]; ++e) b += g.bytes()[e];
  return b;
}

// 4x3 grid, 5-point, not periodic: x pairs (4-1)*3 = 9, y pairs (3-1)*4 = 8, both directions: 34 messages.
// local 10x20 cells, 8 B/cell: an x message carries a face of 20 cells (160 B), a y message 10 cells (80 B).
TEST(Generators, FivePoint) {
  const TaskGraph g = make_stencil_graph(test::stencil_spec({4, 3}, {}, 5, {10, 20}, 8));
  EXPECT_EQ(g.num_tasks(), 12);
  EXPECT_EQ(g.num_edges(), 34);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 18 * 160 + 16 * 80);
  EXPECT_DOUBLE_EQ(out_bytes(g, 5), 2 * 160 + 2 * 80);  // task 5 = (1,1) is inside
  ASSERT_TRUE(g.grid().has_value());
  EXPECT_EQ(g.grid()->dims, (std::vector<int>{4, 3}));
  ASSERT_EQ(g.coordinate_dim(), 2);
  EXPECT_DOUBLE_EQ(g.coordinates()[2 * 5], 1);
  EXPECT_DOUBLE_EQ(g.coordinates()[2 * 5 + 1], 1);
  // points = 0 means faces only.
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({4, 3}, {}, 0)).num_edges(), 34);
}

TEST(Generators, FivePointPeriodic) {
  const TaskGraph g = make_stencil_graph(test::stencil_spec({4, 3}, {true, true}, 5));
  EXPECT_EQ(g.num_edges(), 12 * 4);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 12 * 4 * 8);  // local 1x1: 1 cell per message
}

// 9-point adds 4 diagonal directions of (4-1)*(3-1) = 6 pairs each: 34 + 24 = 58; a corner is 1 cell.
TEST(Generators, NinePoint) {
  const TaskGraph g = make_stencil_graph(test::stencil_spec({4, 3}, {}, 9, {10, 20}, 8));
  EXPECT_EQ(g.num_edges(), 58);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 18 * 160 + 16 * 80 + 24 * 8);
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({4, 3}, {true, true}, 9)).num_edges(), 12 * 8);
}

// 3x3x3, 7-point: per axis (3-1)*9 = 18 pairs, x2 directions x3 axes = 108; periodic: 27*6 = 162.
TEST(Generators, SevenPoint) {
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({3, 3, 3}, {}, 7)).num_edges(), 108);
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({3, 3, 3}, {true, true, true}, 7)).num_edges(), 162);
}

// 3x3x3, 27-point, not periodic: an offset with k non-zero entries fits 2^k * 3^(3-k) cells, and there are
// C(3,k)*2^k such offsets: 3*2*2*9 + 3*4*4*3 + 1*8*8 = 108 + 144 + 64 = 316. Periodic: 27*26 = 702.
// local 16^3, 8 B/cell: face 256 cells = 2048 B, edge 16 cells = 128 B, corner 8 B; the centre task sends
// 6*2048 + 12*128 + 8*8 = 13888 B.
TEST(Generators, TwentySevenPoint) {
  const TaskGraph g = make_stencil_graph(test::stencil_spec({3, 3, 3}, {}, 27, {16, 16, 16}, 8));
  EXPECT_EQ(g.num_edges(), 316);
  EXPECT_DOUBLE_EQ(out_bytes(g, 13), 13888);
  EXPECT_EQ(g.offsets()[14] - g.offsets()[13], 26);
  EXPECT_DOUBLE_EQ(out_bytes(g, 0), 3 * 2048 + 3 * 128 + 8);  // a corner task: 3 faces, 3 edges, 1 corner
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({3, 3, 3}, {true, true, true}, 27)).num_edges(), 702);
}

// Periodic 2x1: task 0's -x and +x neighbours are both task 1 (merged: 2 x 8 B); the size-1 y dimension wraps
// onto the task itself, which sends nothing.
TEST(Generators, TinyPeriodicDimensionsMerge) {
  const TaskGraph g = make_stencil_graph(test::stencil_spec({2, 1}, {true, true}, 5));
  EXPECT_EQ(g.num_edges(), 2);
  EXPECT_EQ(g.targets(), (std::vector<int>{1, 0}));
  EXPECT_EQ(g.bytes(), (std::vector<double>{16, 16}));
}

// Faces only in 4D: 2x2x2x2 not periodic has 8 pairs per axis, x2 directions x4 axes = 64.
TEST(Generators, FacesInAnyDimension) {
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({2, 2, 2, 2}, {}, 0)).num_edges(), 64);
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({2, 2, 2, 2}, {}, 9)).num_edges(),
            64);  // 2*4+1 = 9 points in 4D
  EXPECT_EQ(make_stencil_graph(test::stencil_spec({5}, {}, 3)).num_edges(), 8);
}

TEST(Generators, RejectsBadStencils) {
  EXPECT_THROW(make_stencil_graph(test::stencil_spec({3, 3, 3}, {}, 9)), std::invalid_argument);
  EXPECT_THROW(make_stencil_graph(test::stencil_spec({3, 3}, {}, 7)), std::invalid_argument);
  EXPECT_THROW(make_stencil_graph(test::stencil_spec({}, {}, 0)), std::invalid_argument);
  EXPECT_THROW(make_stencil_graph(test::stencil_spec({3, 0}, {}, 5)), std::invalid_argument);
  EXPECT_THROW(make_stencil_graph(test::stencil_spec({3, 3}, {true}, 5)), std::invalid_argument);
  EXPECT_THROW(make_stencil_graph(test::stencil_spec({3, 3}, {}, 5, {4})), std::invalid_argument);
  EXPECT_THROW(make_stencil_graph(test::stencil_spec({3, 3}, {}, 5, {}, -1)), std::invalid_argument);
}

TEST(Generators, ParsesSpecs) {
  EXPECT_EQ(generate_graph("stencil2d:4x3").num_edges(), 34);
  EXPECT_EQ(generate_graph("stencil2d:4x3,points=9").num_edges(), 58);
  EXPECT_EQ(generate_graph("stencil3d:3x3x3,points=27,periodic").num_edges(), 702);
  const TaskGraph g = generate_graph("stencil3d:3x3x3,local=16x16x16,points=27");
  EXPECT_DOUBLE_EQ(out_bytes(g, 13), 13888);
  EXPECT_EQ(g.grid()->periodic, (std::vector<bool>{false, false, false}));
  EXPECT_DOUBLE_EQ(generate_graph("stencil2d:4x3,bytes=4").total_bytes(), 34 * 4);
}

std::string error_of(const std::string& spec) {
  try {
    generate_graph(spec);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(Generators, BadSpecsNameTheSpec) {
  for (const std::string spec :
       {"stencil2d:4", "stencil3d:3x3x3,points=9", "foo:3", "stencil2d", "stencil2d:", "stencil2d:4x0",
        "stencil2d:4x3,bogus", "stencil2d:4xa", "stencil2d:4x3,local=2",
        "stencil2d:4x3,points=", "stencil2d:x3", "stencil2d:99999999999x2", "stencil3d:3x3x3,periodic=1"}) {
    const std::string what = error_of(spec);
    EXPECT_NE(what, "no error") << spec;
    EXPECT_NE(what.find("'" + spec + "'"), std::string::npos) << what;
  }
}

TEST(Generators, MessagesAboveTheFileFormatsCapAreRefused) {
  // 10^8 x 10^8 faces of 8-byte cells: 8e16 bytes, above the 2^53 that graph and phases files hold.
  try {
    generate_graph("stencil3d:2x2x2,local=100000000x100000000x100000000");
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("more than the 2^53 bytes"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(generate_graph("stencil3d:2x2x2,local=1000x1000x1000"));
}

// A graph too large for the machine is refused before anything is built: more tasks than a graph file holds,
// or more messages than 2^27 (about 8 GB). Each case throws at once, without allocating the graph.
TEST(Generators, GraphsTooLargeAreRefusedBeforeTheyAreBuilt) {
  const struct {
    const char* spec;
    const char* says;
  } cases[] = {
      {"stencil2d:4096x4097", "more than 2^24 tasks"},
      {"stencil3d:256x256x256,points=27", "about 4.36e+08 messages: more than the 2^27"},
      {"minighost:256x256x256", "16777216 tasks and about"},
      {"mfdn:5793", "16782321 tasks: more than the 2^24"},
      {"mfdn:5792", "16776528 tasks and about"},
      {"mfdn:2000,collectives=mpich", "2001000 tasks and about"},
      {"fft:4096x4096x4096,grid=4096x4096", "about 2.75e+11 messages"},
      {"mesh:2d,parts=16777217", "16777217 tasks: more than the 2^24"},
  };
  for (const auto& c : cases) {
    try {
      generate_graph(c.spec);
      ADD_FAILURE() << c.spec << ": no error";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << c.spec << ": " << e.what();
    }
  }
  // Well inside: built as before.
  EXPECT_NO_THROW(generate_graph("mfdn:47,collectives=mpich"));
  EXPECT_NO_THROW(generate_graph("minighost:16x16x16"));
}

// What a main prints for a graph that passes those limits and still does not fit: not "std::bad_alloc".
TEST(Generators, OutOfMemoryIsSaidInWords) {
  EXPECT_EQ(error_text(std::bad_alloc()).rfind("out of memory", 0), 0u) << error_text(std::bad_alloc());
  EXPECT_EQ(error_text(std::invalid_argument("stencil graph: bad")), "stencil graph: bad");
}

}  // namespace
}  // namespace tamp
