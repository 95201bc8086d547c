// Task graphs: CSR construction from edge lists (merging, dropping, sorting) and the grid helpers.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "tamp/task_graph.hpp"

namespace tamp {
namespace {

TEST(TaskGraph, FromEdgesSortsMergesAndDrops) {
  // 0->1 twice (3 + 4 = 7 merged), a self-edge kept, a zero-byte edge dropped, rows sorted by destination.
  const TaskGraph g =
      TaskGraph::from_edges(3, {{2, 0, 5}, {0, 1, 3}, {1, 1, 2}, {0, 1, 4}, {0, 2, 0}, {1, 0, 1}});
  EXPECT_EQ(g.num_tasks(), 3);
  EXPECT_EQ(g.num_edges(), 4);
  EXPECT_EQ(g.offsets(), (std::vector<std::int64_t>{0, 1, 3, 4}));
  EXPECT_EQ(g.targets(), (std::vector<int>{1, 0, 1, 0}));
  EXPECT_EQ(g.bytes(), (std::vector<double>{7, 1, 2, 5}));
  EXPECT_DOUBLE_EQ(g.total_bytes(), 15);  // 5 + 3 + 2 + 4 + 0 + 1
  const std::vector<Edge> e = g.edges();
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[1].src, 1);
  EXPECT_EQ(e[1].dst, 0);
  EXPECT_DOUBLE_EQ(e[1].bytes, 1);
  EXPECT_EQ(e[3].src, 2);
}

TEST(TaskGraph, EmptyGraphs) {
  const TaskGraph none;
  EXPECT_EQ(none.num_tasks(), 0);
  EXPECT_EQ(none.num_edges(), 0);
  const TaskGraph isolated = TaskGraph::from_edges(4, {});
  EXPECT_EQ(isolated.offsets(), (std::vector<std::int64_t>{0, 0, 0, 0, 0}));
  EXPECT_DOUBLE_EQ(isolated.total_bytes(), 0);
}

TEST(TaskGraph, RejectsBadEdges) {
  EXPECT_THROW(TaskGraph::from_edges(2, {{0, 2, 1}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_edges(2, {{-1, 0, 1}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_edges(2, {{0, 1, -1}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_edges(2, {{0, 1, std::nan("")}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_edges(-1, {}), std::invalid_argument);
}

TEST(TaskGraph, GridShapeDimensionZeroFastest) {
  const GridShape s{{4, 3, 2}, {}};
  EXPECT_EQ(s.size(), 24);
  EXPECT_EQ(s.coords(23), (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(s.coords(9), (std::vector<int>{1, 2, 0}));  // 9 = 1 + 4*2
  EXPECT_EQ(s.index({1, 2, 0}), 9);
  EXPECT_EQ(s.index({3, 2, 1}), 23);  // 3 + 4*(2 + 3*1)
  EXPECT_THROW(s.index({4, 0, 0}), std::invalid_argument);
  EXPECT_THROW(s.index({0, 0}), std::invalid_argument);
}

TEST(TaskGraph, GridAndCoordinates) {
  TaskGraph g = TaskGraph::from_edges(6, {{0, 1, 1}});
  EXPECT_FALSE(g.grid().has_value());
  g.set_grid(GridShape{{3, 2}, {}});
  ASSERT_TRUE(g.grid().has_value());
  EXPECT_EQ(g.grid()->periodic, (std::vector<bool>{false, false}));  // empty means none periodic
  EXPECT_THROW(g.set_grid(GridShape{{4, 2}, {}}), std::invalid_argument);
  EXPECT_THROW(g.set_grid(GridShape{{6}, {true, false}}), std::invalid_argument);
  EXPECT_THROW(g.set_grid(GridShape{{6, 0}, {}}), std::invalid_argument);
  EXPECT_THROW(g.set_grid(GridShape{{}, {}}), std::invalid_argument);

  EXPECT_FALSE(g.has_coordinates());
  g.set_coordinates(2, std::vector<double>(12, 0.5));
  EXPECT_TRUE(g.has_coordinates());
  EXPECT_EQ(g.coordinate_dim(), 2);
  EXPECT_THROW(g.set_coordinates(3, std::vector<double>(12, 0.5)), std::invalid_argument);
}

// NaN or infinite coordinates would make the geometric mappers return the identity: refused, naming the task.
TEST(TaskGraph, RefusesCoordinatesThatAreNotFinite) {
  TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 1}});
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(), -1e300}) {
    std::vector<double> xyz = {0, 0, 1, 0, 2, 0};
    xyz[3] = bad;
    try {
      g.set_coordinates(2, xyz);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("task graph: coordinate 1 of task 1: must be a finite number"),
                std::string::npos)
          << e.what();
    }
  }
  EXPECT_FALSE(g.has_coordinates());
}

}  // namespace
}  // namespace tamp
