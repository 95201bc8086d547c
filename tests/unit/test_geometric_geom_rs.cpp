// geom-rs ([Deveci14] Table I "Geom+R+S"): geom-r on machine coordinates shifted across the largest gap.
#include <gtest/gtest.h>

#include "algorithms/geometric/geometric.hpp"
#include "test_geometric_support.hpp"

namespace tamp::impl {
namespace {

// Issue 3's anchor: 16x16x16 tasks on 8x8x8 nodes x 8 cores: every node's 8 tasks a 2x2x2 block.
TEST(GeometricGeomRS, EveryNodeHoldsATwoCube) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8, 8}), 8);
  for (bool periodic : {false, true}) {
    const TaskGraph graph = test::stencil({16, 16, 16}, 7, periodic);
    const Mapping m = map_geom_rs(graph, alloc, {});
    EXPECT_TRUE(test::every_node_a_two_cube(graph, alloc, m));
    EXPECT_TRUE(test::every_node_a_two_cube(graph, alloc, map_geom_rs_slots(graph, alloc, {})));
    EXPECT_EQ(evaluate(graph, alloc, m).max_dilation, 1);
  }
}

// Eight tasks in a row on a 16-ring whose allocated nodes straddle the wrap-around link (x = 0..3
// and 12..15). Unshifted, tasks 3 and 4 land on x = 3 and x = 12, 7 hops apart: 13 hops over 7 messages each
// way. Shifted (x <= 3 becomes x + 16) the nodes are one run: one hop per byte.
TEST(GeometricGeomRS, ShiftJoinsAnAllocationAcrossTheWrap) {
  auto ring = test::make_torus({16});
  const Allocation alloc(ring, {0, 1, 2, 3, 12, 13, 14, 15}, 1);
  const TaskGraph graph = test::stencil({8});
  EXPECT_DOUBLE_EQ(evaluate(graph, alloc, map_geom_r(graph, alloc, {})).hops_per_byte, 13.0 / 7);
  EXPECT_EQ(evaluate(graph, alloc, map_geom_rs(graph, alloc, {})).hops_per_byte, 1.0);
  // On a mesh there is no wrap-around link to use: the shift does nothing.
  const Allocation mesh_alloc(test::make_torus({16}, false), {0, 1, 2, 3, 12, 13, 14, 15}, 1);
  EXPECT_EQ(map_geom_rs(graph, mesh_alloc, {}).slots(), map_geom_r(graph, mesh_alloc, {}).slots());
}

// The same with multi-core nodes of a 3D torus: a slab allocation split by the wrap-around link of x.
TEST(GeometricGeomRS, ShiftOnMultiCoreNodes) {
  auto torus = test::make_torus({12, 4, 4});
  std::vector<int> nodes;
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x : {0, 1, 10, 11}) nodes.push_back(torus->router_index({x, y, z}));
  const Allocation alloc(torus, nodes, 4);
  const TaskGraph graph = test::stencil({8, 8, 4}, 7);
  const Metrics r = evaluate(graph, alloc, map_geom_r(graph, alloc, {}));
  const Metrics rs = evaluate(graph, alloc, map_geom_rs(graph, alloc, {}));
  EXPECT_LT(rs.hop_bytes, r.hop_bytes);
  EXPECT_EQ(rs.max_dilation, 1);
}

TEST(GeometricGeomRS, DeterministicAndValidOnSparseGeminiAllocations) {
  auto torus = test::make_torus({17, 8, 6}, true, 2);
  for (std::uint64_t seed = 11; seed <= 14; ++seed) {
    const Allocation alloc(torus, test::random_nodes(*torus, 96, seed), 8);
    const TaskGraph graph = test::stencil({16, 8, 6}, 7);
    const Mapping m = map_tasks("geom-rs", graph, alloc);
    EXPECT_EQ(m.slots(), map_tasks("geom-rs", graph, alloc).slots());
    const double geom_rs = evaluate(graph, alloc, m).hop_bytes;
    EXPECT_LT(geom_rs, evaluate(graph, alloc, map_tasks("default", graph, alloc)).hop_bytes);
  }
}

}  // namespace
}  // namespace tamp::impl
