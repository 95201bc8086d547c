// geom ([Deveci14] Table I "Geom"): one axis ordering by aspect ratio, the paper's form on cores.
#include <gtest/gtest.h>

#include "algorithms/geometric/geometric.hpp"
#include "test_geometric_support.hpp"

namespace tamp::impl {
namespace {

// Issue 3's anchor: 16x16x16 tasks on 8x8x8 nodes x 8 cores. Twelve bisections: the first nine take the
// routers down to single nodes and the tasks to 2x2x2 blocks, the last three split each node's cores and each
// block's tasks.
TEST(GeometricGeom, EveryNodeHoldsATwoCube) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({8, 8, 8}), 8);
  const TaskGraph graph = test::stencil({16, 16, 16}, 7);
  const Mapping m = map_geom(graph, alloc, {});
  EXPECT_TRUE(test::every_node_a_two_cube(graph, alloc, m));
  EXPECT_EQ(evaluate(graph, alloc, m).max_dilation, 1);
}

// The aspect-ratio rule pairs the long task axis with the long machine axis: 8x2 tasks on a 2x8 mesh, all
// neighbours one hop apart.
TEST(GeometricGeom, PairsAxesByExtent) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({2, 8}, false), 1);
  const TaskGraph graph = test::stencil({8, 2});
  const Metrics m = evaluate(graph, alloc, map_geom(graph, alloc, {}));
  EXPECT_EQ(m.hops_per_byte, 1.0);
}

TEST(GeometricGeom, NeedsTaskCoordinates) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4}), 1);
  const TaskGraph plain = TaskGraph::from_edges(4, {{0, 1, 8}, {1, 2, 8}});
  EXPECT_THROW(map_geom(plain, alloc, {}), std::invalid_argument);
  EXPECT_THROW(map_tasks("geom-rs", plain, alloc), std::invalid_argument);
  TaskGraph with_xyz = plain;
  with_xyz.set_coordinates(1, {3, 2, 1, 0});
  const Mapping m = map_tasks("geom", with_xyz, alloc);
  EXPECT_EQ(m.slots(), (std::vector<int>{3, 2, 1, 0}));  // task at x = 3 on the node at x = 3
}

// 32 tasks (a 4x4x2 grid) on 8 single-core nodes (a 2x2x2 torus), 4 tasks per core: each core gets a 2x2x1
// block.
TEST(GeometricGeom, SeveralTasksPerCore) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({2, 2, 2}), 1);
  const TaskGraph graph = test::stencil({4, 4, 2});
  MapOptions options;
  options.max_tasks_per_slot = 4;
  const Mapping m = map_tasks("geom", graph, alloc, options);
  for (const auto& block : test::grid_blocks(graph, alloc, m)) {
    ASSERT_EQ(block.size(), 4u);
    const std::vector<int> first = *block.begin();
    for (const auto& c : block)
      EXPECT_TRUE(c[0] / 2 == first[0] / 2 && c[1] / 2 == first[1] / 2 && c[2] == first[2]);
  }
  options.max_tasks_per_slot = 3;
  EXPECT_THROW(map_geom(graph, alloc, options), std::invalid_argument);
}

// Valid, deterministic, and far better than random on sparse allocations of Gemini-like machines (2 nodes per
// router), partly filled nodes, fewer tasks than cores, and graphs with coordinates only.
TEST(GeometricGeom, PropertiesOnSparseAllocations) {
  auto torus = test::make_torus({6, 5, 4}, true, 2);
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::vector<int> nodes = test::random_nodes(*torus, 20 + static_cast<int>(seed) * 3, seed);
    std::vector<int> cores(nodes.size(), 4);
    cores.back() = 1 + static_cast<int>(seed % 3);
    const Allocation alloc(torus, nodes, cores);
    const TaskGraph graphs[] = {test::stencil({4, 4, 4}, 7), test::stencil({8, 5}, 5, true),
                                test::random_geometric_graph(50, seed)};
    for (const TaskGraph& graph : graphs) {
      if (graph.num_tasks() > alloc.num_slots()) continue;
      for (const char* name : {"geom", "geom-r", "geom-rs"}) {
        const Mapping m = map_tasks(name, graph, alloc);  // validates
        EXPECT_EQ(m.slots(), map_tasks(name, graph, alloc).slots());
        EXPECT_LT(evaluate(graph, alloc, m).hop_bytes,
                  evaluate(graph, alloc, map_tasks("random", graph, alloc)).hop_bytes);
      }
    }
  }
}

}  // namespace
}  // namespace tamp::impl
