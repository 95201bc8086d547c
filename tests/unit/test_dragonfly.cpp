// Dragonfly: the global-link arrangement, minimal routes, link ids and classes, coordinates.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "tamp/dragonfly.hpp"

namespace tamp {
namespace {

DragonflySpec fly(int groups, std::vector<int> group_dims, int npr, int h, std::vector<double> bw = {}) {
  DragonflySpec s;
  s.groups = groups;
  s.group_dims = std::move(group_dims);
  s.nodes_per_router = npr;
  s.global_links = h;
  s.link_bandwidth = std::move(bw);
  return s;
}

void check_routes(const Dragonfly& m) {
  std::vector<LinkId> route;
  int longest = 0;
  const int global_base = m.num_routers() * (m.link_id_bound() / m.num_routers() - m.spec().global_links);
  for (int a = 0; a < m.num_nodes(); ++a)
    for (int b = 0; b < m.num_nodes(); ++b) {
      m.route(a, b, route);
      ASSERT_EQ(static_cast<int>(route.size()), m.hops(a, b));
      const int ga = m.group_of_router(m.router_of_node(a));
      const int gb = m.group_of_router(m.router_of_node(b));
      int globals = 0;
      for (LinkId l : route) {
        ASSERT_GE(l, 0);
        ASSERT_LT(l, m.link_id_bound());
        if (l >= global_base) {
          ++globals;
          // The global link leaves a router of the source group and leads to the destination group.
          const int router = (l - global_base) / m.spec().global_links;
          EXPECT_EQ(m.group_of_router(router), ga);
          const auto peer = m.global_peer(router, (l - global_base) % m.spec().global_links);
          EXPECT_EQ(m.group_of_router(peer.first), gb);
        }
      }
      EXPECT_EQ(globals, ga == gb ? 0 : 1);
      longest = std::max(longest, m.hops(a, b));
    }
  EXPECT_EQ(longest, m.diameter());
}

TEST(Dragonfly, BalancedAllToAllGroups) {
  const Dragonfly d(fly(5, {4}, 2, 1));  // a*h = 4 = g - 1: one link per group pair
  EXPECT_EQ(d.num_nodes(), 40);
  EXPECT_EQ(d.links_per_group_pair(), 1);
  EXPECT_EQ(d.num_links(), 20 * 3 + 5 * 4);
  EXPECT_EQ(d.hops(0, 1), 0);  // one router
  EXPECT_EQ(d.hops(0, 2), 1);  // one group
  EXPECT_EQ(d.diameter(), 3);
  // Group 0, router 0, port 0 (q = 0) leads to group 1's port g - 2 = 3, router 3.
  EXPECT_EQ(d.global_peer(0, 0), std::make_pair(4 + 3, 0));
  check_routes(d);
}

TEST(Dragonfly, GlobalLinksPairUpAndJoinEveryGroupPair) {
  const Dragonfly d(fly(4, {3, 2}, 1, 2));  // a*h = 12, L = 4
  EXPECT_EQ(d.links_per_group_pair(), 4);
  std::map<std::pair<int, int>, int> pairs;
  for (int r = 0; r < d.num_routers(); ++r)
    for (int j = 0; j < 2; ++j) {
      const auto peer = d.global_peer(r, j);
      ASSERT_GE(peer.first, 0);
      EXPECT_EQ(d.global_peer(peer.first, peer.second), std::make_pair(r, j));
      EXPECT_NE(d.group_of_router(peer.first), d.group_of_router(r));
      ++pairs[{d.group_of_router(r), d.group_of_router(peer.first)}];
    }
  EXPECT_EQ(pairs.size(), 12u);
  for (const auto& p : pairs) EXPECT_EQ(p.second, 4);
  check_routes(d);
}

TEST(Dragonfly, UnwiredPortsWhenGroupsDoNotDivide) {
  const Dragonfly d(fly(4, {5}, 1, 1));  // a*h = 5, L = 1: ports 3 and 4 unwired
  EXPECT_EQ(d.global_peer(3, 0), std::make_pair(-1, -1));
  EXPECT_EQ(d.num_links(), 20 * 4 + 4 * 3);
  check_routes(d);
}

TEST(Dragonfly, AriesLikeRowsAndColumns) {
  const Dragonfly d(fly(3, {4, 3}, 1, 1, {2, 6, 1}));
  EXPECT_EQ(d.num_link_classes(), 3);
  EXPECT_EQ(d.diameter(), 5);
  EXPECT_EQ(d.hops(0, 5), 2);  // (0,0) -> (1,1): a row hop and a column hop
  std::vector<LinkId> route;
  d.route(0, 5, route);
  ASSERT_EQ(route.size(), 2u);
  EXPECT_EQ(d.link_class(route[0]), 0);
  EXPECT_EQ(d.link_class(route[1]), 1);
  EXPECT_DOUBLE_EQ(d.link_capacity(route[0]), 2.0 / 6.0);
  EXPECT_DOUBLE_EQ(d.link_capacity(route[1]), 1.0);
  // Router 0 along dimension 0 to coordinate 1: the first local link of router 0.
  EXPECT_EQ(route[0], 0);
  EXPECT_EQ(d.node_coordinates(12 + 5), (std::vector<double>{1, 1, 1, 0}));
  EXPECT_EQ(d.node_of(1, {1, 1}, 0), 17);
  check_routes(d);
}

TEST(Dragonfly, Errors) {
  EXPECT_THROW(Dragonfly(fly(10, {4}, 1, 2)), std::invalid_argument);  // 8 ports for 9 other groups
  EXPECT_THROW(Dragonfly(fly(0, {4}, 1, 1)), std::invalid_argument);
  EXPECT_THROW(Dragonfly(fly(2, {}, 1, 1)), std::invalid_argument);
  EXPECT_THROW(Dragonfly(fly(2, {4}, 0, 1)), std::invalid_argument);
  EXPECT_THROW(Dragonfly(fly(2, {4}, 1, 1, {1, 2, 3})), std::invalid_argument);
  EXPECT_NO_THROW(Dragonfly(fly(1, {4}, 1, 0)));  // one group needs no global links
}

}  // namespace
}  // namespace tamp
