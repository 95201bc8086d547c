// Torus / mesh geometry, dimension-ordered routes and link ids, checked by hand.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "tamp/torus.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

using test::torus_spec;

using Links = std::vector<LinkId>;

Links route_of(const Torus& t, int a, int b) {
  Links out{-1};  // route() must replace, not append
  t.route(a, b, out);
  return out;
}

TEST(Torus, TwoByTwoByOne) {
  const Torus t(torus_spec({2, 2, 1}));
  EXPECT_EQ(t.kind(), "torus");
  EXPECT_EQ(t.describe(), "torus 2x2x1");
  EXPECT_EQ(t.num_routers(), 4);
  EXPECT_EQ(t.num_nodes(), 4);
  // Dims 0 and 1: 2 lines of a 2-ring, both directions exist: 2 lines * 2 links * 2 directions = 8 each; dim
  // 2: none.
  EXPECT_EQ(t.num_links(), 16);
  EXPECT_EQ(t.link_id_bound(), 4 * 2 * 3);
  EXPECT_EQ(t.diameter(), 1 + 1 + 0);
  EXPECT_EQ(t.hops(0, 3), 2);
  // 0=(0,0) -> 3=(1,1): dim 0 tie goes +: link 0*6+0 = 0 to router 1; dim 1 +: link 1*6+2 = 8.
  EXPECT_EQ(route_of(t, 0, 3), (Links{0, 8}));
  // 3=(1,1) -> 0: dim 0 tie +: link 3*6+0 = 18 (wraps to router 2); dim 1 +: 2*6+2 = 14.
  EXPECT_EQ(route_of(t, 3, 0), (Links{18, 14}));
  EXPECT_EQ(route_of(t, 2, 2), Links{});
}

TEST(Torus, FourByFourWithWrap) {
  const Torus t(torus_spec({4, 4}, {true, true}));
  EXPECT_EQ(t.num_links(), 2 * (4 * 4 * 2));  // per dim: 4 rings of 4 links, both directions
  EXPECT_EQ(t.diameter(), 4);
  EXPECT_EQ(t.hops(0, 2), 2);
  EXPECT_EQ(t.hops(0, 3), 1);   // wrap: 0 -> 3 is one step in -
  EXPECT_EQ(t.hops(0, 15), 2);  // (0,0) -> (3,3)
  EXPECT_EQ(t.hops(5, 10), 2);
  // Link id = router*4 + 2d + (0 +, 1 -).
  EXPECT_EQ(route_of(t, 0, 2), (Links{0, 4}));     // tie (distance 2 of 4) goes +: routers 0, 1
  EXPECT_EQ(route_of(t, 2, 0), (Links{8, 12}));    // tie goes + as well: 2 -> 3 -> 0 (wrap)
  EXPECT_EQ(route_of(t, 0, 3), (Links{1}));        // shorter way is -
  EXPECT_EQ(route_of(t, 0, 15), (Links{1, 15}));   // dim 0 - to router 3=(3,0), then dim 1 - from router 3
  EXPECT_EQ(route_of(t, 5, 10), (Links{20, 26}));  // (1,1) -> (2,1) by 5*4+0, then (2,1) -> (2,2) by 6*4+2
  EXPECT_EQ(t.link_class(20), 0);
  EXPECT_EQ(t.link_class(26), 1);
  EXPECT_EQ(t.link_class(15), 1);
  EXPECT_EQ(t.router_coords(6), (std::vector<int>{2, 1}));
  EXPECT_EQ(t.router_index({2, 1}), 6);
  EXPECT_EQ(t.distance_1d(0, 0, 3), 1);
  EXPECT_EQ(t.distance_1d(0, 1, 3), 2);
}

TEST(Torus, FourByFourMesh) {
  const Torus t(torus_spec({4, 4}, {false, false}));
  EXPECT_EQ(t.kind(), "mesh");
  EXPECT_EQ(t.describe(), "mesh 4x4");
  EXPECT_EQ(t.num_links(), 2 * (4 * 3 * 2));  // per dim: 4 lines of 3 links, both directions
  EXPECT_EQ(t.diameter(), 6);
  EXPECT_EQ(t.hops(0, 3), 3);
  EXPECT_EQ(t.hops(0, 15), 6);
  EXPECT_EQ(t.distance_1d(1, 0, 3), 3);
  EXPECT_EQ(route_of(t, 0, 3), (Links{0, 4, 8}));
  EXPECT_EQ(route_of(t, 3, 0), (Links{13, 9, 5}));  // - links leaving routers 3, 2, 1
}

TEST(Torus, MixedWrapDescribe) {
  const Torus t(torus_spec({4, 4}, {true, false}, 2));
  EXPECT_EQ(t.describe(), "torus 4x4 (wrap 1 0, 2 nodes/router)");
  EXPECT_EQ(t.diameter(), 2 + 3);
  EXPECT_EQ(t.num_links(), 4 * 4 * 2 + 4 * 3 * 2);
}

TEST(Torus, NodesSharingARouter) {
  const Torus t(torus_spec({2, 2}, {}, 2));
  EXPECT_EQ(t.describe(), "torus 2x2 (2 nodes/router)");
  EXPECT_EQ(t.num_nodes(), 8);
  EXPECT_EQ(t.hops(0, 1), 0);
  EXPECT_EQ(route_of(t, 0, 1), Links{});
  EXPECT_EQ(t.hops(0, 2), 1);  // node 2 is on router 1
  EXPECT_EQ(t.router_of_node(3), 1);
  EXPECT_EQ(t.node_of(1, 1), 3);
  EXPECT_EQ(t.node_coordinates(3), (std::vector<double>{1, 0, 1}));
}

TEST(Torus, LinkCapacityIsRelativeToTheFastestDimension) {
  const Torus t(torus_spec({4, 4}, {}, 1, {2e9, 1e9}));
  EXPECT_DOUBLE_EQ(t.link_capacity(0), 1.0);
  EXPECT_DOUBLE_EQ(t.link_capacity(3), 0.5);  // link 3 = router 0, dim 1, -
  const Torus equal(torus_spec({4, 4}));
  EXPECT_DOUBLE_EQ(equal.link_capacity(3), 1.0);
}

TEST(Torus, RejectsBadSpecs) {
  EXPECT_THROW(Torus(torus_spec({})), std::invalid_argument);
  EXPECT_THROW(Torus(torus_spec({4, 0})), std::invalid_argument);
  EXPECT_THROW(Torus(torus_spec({4, 4}, {true})), std::invalid_argument);
  EXPECT_THROW(Torus(torus_spec({4, 4}, {}, 0)), std::invalid_argument);
  EXPECT_THROW(Torus(torus_spec({4, 4}, {}, 1, {1.0})), std::invalid_argument);
  EXPECT_THROW(Torus(torus_spec({4, 4}, {}, 1, {1.0, -1.0})), std::invalid_argument);
  EXPECT_THROW(Torus(torus_spec({65536, 65536})), std::invalid_argument);
  const Torus t(torus_spec({4, 4}));
  EXPECT_THROW(t.router_index({4, 0}), std::invalid_argument);
}

// Follows every route link by link: each link leaves the current router in its dimension, the walk ends at
// the target, its length is hops(), and only existing links are used.
TEST(Torus, EveryRouteWalksToItsTarget) {
  const Torus t(torus_spec({5, 4, 3, 2}, {true, false, true, true}, 2));
  const int D = t.num_dims();
  std::set<LinkId> used;
  Links path;
  for (int a = 0; a < t.num_nodes(); ++a) {
    for (int b = 0; b < t.num_nodes(); ++b) {
      t.route(a, b, path);
      ASSERT_EQ(static_cast<int>(path.size()), t.hops(a, b));
      ASSERT_LE(t.hops(a, b), t.diameter());
      std::vector<int> c = t.router_coords(t.router_of_node(a));
      for (LinkId l : path) {
        ASSERT_EQ(l / (2 * D), t.router_index(c));
        const int d = t.link_class(l);
        const int n = t.dim(d);
        c[d] = (c[d] + (l % 2 == 0 ? 1 : -1) + n) % n;
        used.insert(l);
      }
      ASSERT_EQ(t.router_index(c), t.router_of_node(b));
    }
  }
  // Mesh dimension 1 (size 4) has no link leaving the ends outward; every other link of a wrap dimension is
  // used, except the - links of the size-2 ring (ties go +).
  EXPECT_LE(static_cast<int>(used.size()), t.num_links());
  EXPECT_EQ(static_cast<int>(used.size()), t.num_links() - t.num_routers());
}

}  // namespace
}  // namespace tamp
