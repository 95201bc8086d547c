// SHIFT_TORUS ([Deveci14] §IV-C, Fig. 3) and its effect on the mapping.
#include <gtest/gtest.h>

#include "algorithms/geometric/geometric.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp::impl {
namespace {

PointSet line(std::vector<double> xs) {
  return PointSet{1, std::move(xs)};
}

TEST(GeometricTorusShift, CutsAtTheLargestGap) {
  PointSet p = line({0, 0, 3, 3, 14, 14, 16, 16});  // Fig. 3's x coordinates on the 17-long torus
  const std::vector<int> border = shift_torus(p, std::vector<int>(8, 1), {17}, {true});
  EXPECT_EQ(border, (std::vector<int>{14}));
  EXPECT_EQ(p.coords, (std::vector<double>{17, 17, 20, 20, 14, 14, 16, 16}));
}

TEST(GeometricTorusShift, LeavesContiguousAndWrappedSetsAlone) {
  PointSet full = line({0, 1, 2, 3});  // gaps of 1 everywhere
  EXPECT_EQ(shift_torus(full, {1, 1, 1, 1}, {4}, {true}), (std::vector<int>{-1}));
  PointSet across =
      line({0, 1, 14, 15});  // contiguous through the wrap-around link: cut open at the gap of 13
  EXPECT_EQ(shift_torus(across, {1, 1, 1, 1}, {16}, {true}), (std::vector<int>{14}));
  EXPECT_EQ(across.coords, (std::vector<double>{16, 17, 14, 15}));
  PointSet inner = line({2, 3, 9, 10});  // largest gap 6 < wrap-around gap 2 + 16 - 10 = 8
  EXPECT_EQ(shift_torus(inner, {1, 1, 1, 1}, {16}, {true}), (std::vector<int>{-1}));
  EXPECT_EQ(inner.coords, (std::vector<double>{2, 3, 9, 10}));
  PointSet mesh = line({0, 3, 14, 16});  // no wrap-around link: nothing to gain
  EXPECT_EQ(shift_torus(mesh, {1, 1, 1, 1}, {17}, {false}), (std::vector<int>{-1}));
  PointSet one = line({5, 5});
  EXPECT_EQ(shift_torus(one, {1, 1}, {8}, {true}), (std::vector<int>{-1}));
}

TEST(GeometricTorusShift, EqualGapsGoToTheLighterBorder) {
  // Gaps 0->5 and 5->10 of 5 on a 13-ring (the wrap-around gap is 3). Coordinate 0 holds 4 cores, 5 and 10
  // one each: the borders of gap 5->10 weigh 2, those of 0->5 weigh 5.
  PointSet p = line({0, 5, 10});
  EXPECT_EQ(shift_torus(p, {4, 1, 1}, {13}, {true}), (std::vector<int>{10}));
  EXPECT_EQ(p.coords, (std::vector<double>{13, 18, 10}));
  PointSet q = line({0, 5, 10});
  EXPECT_EQ(shift_torus(q, {1, 1, 4}, {13}, {true}), (std::vector<int>{5}));  // now 0->5 is lighter
}

TEST(GeometricTorusShift, OnlyWrappingDimensionsAndCheckedInput) {
  PointSet p{2, {0, 0, 3, 1, 14, 2}};
  EXPECT_EQ(shift_torus(p, {1, 1, 1}, {17, 8}, {true, true}), (std::vector<int>{14, -1}));
  PointSet bad = line({17});
  EXPECT_THROW(shift_torus(bad, {1}, {17}, {true}), std::invalid_argument);
  EXPECT_THROW(shift_torus(bad, {1, 1}, {17}, {true}), std::invalid_argument);
}

// Average hops along x over the x-neighbour messages and along y over the y-neighbour messages of a 4x2 task
// grid.
std::pair<double, double> hops_by_direction(const Torus& torus, const Allocation& alloc,
                                            const TaskGraph& graph, const Mapping& m) {
  double x = 0, y = 0;
  int nx = 0, ny = 0;
  for (const Edge& e : graph.edges()) {
    const auto a = torus.router_coords(alloc.machine_node_of_slot(m.slot(e.src)));
    const auto b = torus.router_coords(alloc.machine_node_of_slot(m.slot(e.dst)));
    if (e.src / 4 == e.dst / 4)
      x += torus.distance_1d(0, a[0], b[0]) + torus.distance_1d(1, a[1], b[1]), ++nx;
    else
      y += torus.distance_1d(0, a[0], b[0]) + torus.distance_1d(1, a[1], b[1]), ++ny;
  }
  return {x / nx, y / ny};
}

// Fig. 3: eight tasks (a 4x2 nearest-neighbour grid) on eight nodes of a 17x8 torus. The paper gives n1 at x
// = 3 and n2 at x = 14 with the largest gap between them (also between n5 and n6) and the averages, not every
// coordinate; this allocation is one consistent with all of it: two rows of nodes at x = 0, 3 | 14, 16 and y
// = 0, 3. Unshifted, the middle messages of each row cross the 3 -> 14 gap (6 hops through the wrap-around
// link): 3.67 hops in x, 3 in y. Shifted, x <= 3 becomes x + 17 and the halves swap sides: 2 in x, 3 in y.
TEST(GeometricTorusShift, PaperFigure3) {
  auto torus = test::make_torus({17, 8});
  std::vector<int> nodes;
  for (auto [x, y] :
       std::vector<std::pair<int, int>>{{0, 0}, {3, 0}, {0, 3}, {3, 3}, {14, 0}, {16, 0}, {14, 3}, {16, 3}})
    nodes.push_back(torus->router_index({x, y}));
  const Allocation alloc(torus, nodes, 1);
  const TaskGraph graph = test::stencil({4, 2});
  const Mapping before = map_geometric_slots(graph, alloc, {}, {false, false});
  const Mapping after = map_geometric_slots(graph, alloc, {}, {false, true});
  const auto [bx, by] = hops_by_direction(*torus, alloc, graph, before);
  const auto [ax, ay] = hops_by_direction(*torus, alloc, graph, after);
  EXPECT_NEAR(bx, 22.0 / 6, 1e-12);
  EXPECT_EQ(by, 3.0);
  EXPECT_EQ(ax, 2.0);
  EXPECT_EQ(ay, 3.0);
  // Task 1 sits on n1 (x = 3) and task 2 on n2 (x = 14) before the shift, as in the figure.
  EXPECT_EQ(torus->router_coords(alloc.machine_node_of_slot(before.slot(1)))[0], 3);
  EXPECT_EQ(torus->router_coords(alloc.machine_node_of_slot(before.slot(2)))[0], 14);
  // The searching variants: the shift's gain survives the rotation search.
  const Metrics r = evaluate(graph, alloc, map_geom_r(graph, alloc, {}));
  const Metrics rs = evaluate(graph, alloc, map_geom_rs(graph, alloc, {}));
  EXPECT_LT(rs.hop_bytes, r.hop_bytes);
  EXPECT_LE(rs.hop_bytes, evaluate(graph, alloc, after).hop_bytes);
}

}  // namespace
}  // namespace tamp::impl
