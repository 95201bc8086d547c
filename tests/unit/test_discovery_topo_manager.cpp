// TopoManager ([Bhatele10] §6.1) on hand-checked job layouts: coordinates both ways, hops, closest and sorted
// ranks.
#if __has_include("tamp/discovery/topo_manager.hpp")  // built when the discovery layer is (TAMP_ENABLE_MPI)
#include <gtest/gtest.h>

#include "tamp/discovery/topo_manager.hpp"

namespace tamp::discovery {
namespace {

// 8 ranks on a 4x2x1 torus (wrap in x only), 2 cores per node, in launcher order: ranks 2k, 2k+1 on node k.
TopoManager torus_manager() {
  return TopoManager(
      place_in_launcher_order(parse_machine_spec("torus:4x2x1,cores=2,wrap=1x0x0"), "test", 8));
}

TEST(DiscoveryTopoManager, DimensionsAndTorusFlags) {
  const TopoManager topo = torus_manager();
  EXPECT_EQ(topo.dimensions(), (std::vector<int>{4, 2, 1, 1, 2}));  // x y z, node on router, core
  EXPECT_EQ(topo.torus_flags(), (std::vector<bool>{true, false, false, false, false}));
  EXPECT_EQ(topo.cores_per_node(), 2);
  EXPECT_TRUE(topo.is_torus(0));
  EXPECT_FALSE(topo.is_torus(1));
}

TEST(DiscoveryTopoManager, CoordinatesBothWays) {
  const TopoManager topo = torus_manager();
  EXPECT_EQ(topo.rank_to_coordinates(0), (std::vector<int>{0, 0, 0, 0, 0}));
  EXPECT_EQ(topo.rank_to_coordinates(5), (std::vector<int>{2, 0, 0, 0, 1}));  // node 2, second core
  EXPECT_EQ(topo.rank_to_coordinates(7), (std::vector<int>{3, 0, 0, 0, 1}));
  for (int r = 0; r < topo.num_ranks(); ++r)
    EXPECT_EQ(topo.coordinates_to_rank(topo.rank_to_coordinates(r)), r);
  EXPECT_EQ(topo.coordinates_to_rank({0, 1, 0, 0, 0}), -1);  // no rank on the second row
  EXPECT_THROW(topo.rank_to_coordinates(8), std::invalid_argument);
}

TEST(DiscoveryTopoManager, HopsClosestAndSorted) {
  const TopoManager topo = torus_manager();
  EXPECT_EQ(topo.get_hops_between_ranks(0, 1), 0);  // same node
  EXPECT_EQ(topo.get_hops_between_ranks(0, 2), 1);
  EXPECT_EQ(topo.get_hops_between_ranks(0, 4), 2);
  EXPECT_EQ(topo.get_hops_between_ranks(0, 6), 1);     // x wraps: 3 -> 0 is one hop
  EXPECT_EQ(topo.pick_closest_rank(0, {4, 6, 2}), 6);  // 6 and 2 tie at one hop: the first listed
  EXPECT_EQ(topo.pick_closest_rank(0, {}), -1);
  EXPECT_EQ(topo.sort_ranks_by_hops(0, {4, 5, 6, 1, 2}), (std::vector<int>{1, 6, 2, 4, 5}));
}

}  // namespace
}  // namespace tamp::discovery
#endif
