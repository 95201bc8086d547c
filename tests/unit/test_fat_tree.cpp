// FatTree: k-ary n-tree digits and D-mod-k routes, switch trees, link ids and classes, coordinates.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "tamp/fat_tree.hpp"

namespace tamp {
namespace {

FatTreeSpec kary(int arity, int levels, int nodes_per_leaf = 0, std::vector<double> bw = {}) {
  FatTreeSpec s;
  s.arity = arity;
  s.levels = levels;
  s.nodes_per_leaf = nodes_per_leaf;
  s.link_bandwidth = std::move(bw);
  return s;
}

// r -> {a, b}; a -> {l0 (2 nodes), l1 (2 nodes)}; b has 3 nodes.
SwitchTreeSpec small_tree() {
  SwitchTreeSpec s;
  s.names = {"l0", "a", "l1", "r", "b"};
  s.parent = {1, 3, 1, -1, 3};
  s.nodes = {2, 0, 2, 0, 3};
  return s;
}

// hops() == route().size() for every pair, every link id in range, and the largest hops() is diameter().
void check_routes(const Machine& m) {
  std::vector<LinkId> route;
  int longest = 0;
  for (int a = 0; a < m.num_nodes(); ++a)
    for (int b = 0; b < m.num_nodes(); ++b) {
      m.route(a, b, route);
      ASSERT_EQ(static_cast<int>(route.size()), m.hops(a, b)) << a << " -> " << b;
      for (LinkId l : route) {
        ASSERT_GE(l, 0);
        ASSERT_LT(l, m.link_id_bound());
        ASSERT_LT(m.link_class(l), m.num_link_classes());
        ASSERT_GT(m.link_capacity(l), 0.0);
      }
      longest = std::max(longest, m.hops(a, b));
    }
  EXPECT_EQ(longest, m.diameter());
}

TEST(FatTree, KaryShapeAndHops) {
  const FatTree t(kary(4, 3));  // 16 leaves x 4 nodes
  EXPECT_EQ(t.num_nodes(), 64);
  EXPECT_EQ(t.num_switches(), 48);
  EXPECT_EQ(t.num_links(), 2 * 2 * 16 * 4);
  EXPECT_EQ(t.kind(), "fattree");
  EXPECT_EQ(t.hops(0, 3), 0);   // one leaf
  EXPECT_EQ(t.hops(0, 4), 2);   // leaves 0 and 1 differ in digit 0
  EXPECT_EQ(t.hops(0, 16), 4);  // leaves 0 and 4 differ in digit 1
  EXPECT_EQ(t.diameter(), 4);
  check_routes(t);
}

TEST(FatTree, DModKRouteByHand) {
  const FatTree t(kary(4, 3));
  std::vector<LinkId> route;
  // Node 0 (leaf 0) to node 5 (leaf 1, index 1): up port 5 mod 4 = 1 to level-1 switch 1, down to leaf 1
  // through its up port 1: u = (0*16 + 0)*4 + 1 = 1 up, u = (0*16 + 1)*4 + 1 = 5 down.
  t.route(0, 5, route);
  EXPECT_EQ(route, (std::vector<LinkId>{2, 11}));
  // Node 0 to node 21 (leaf 5 = digits 1,1): up ports 21 mod 4 = 1, then (21/4) mod 4 = 1.
  t.route(0, 21, route);
  ASSERT_EQ(route.size(), 4u);
  EXPECT_EQ(t.link_class(route[0]), 0);
  EXPECT_EQ(t.link_class(route[1]), 2);
  EXPECT_EQ(t.link_class(route[2]), 3);
  EXPECT_EQ(t.link_class(route[3]), 1);
  EXPECT_EQ(route[0], 2 * 1);                           // level 0, leaf 0, port 1
  EXPECT_EQ(route[1], 2 * ((1 * 16 + 1) * 4 + 1));      // level 1, switch 1, port 1
  EXPECT_EQ(route[3], 2 * ((0 * 16 + 5) * 4 + 1) + 1);  // into leaf 5 through its port 1
}

TEST(FatTree, DModKSpreadsDestinationsOverUpPorts) {
  const FatTree t(kary(2, 3, 2));  // 4 leaves x 2 nodes
  std::vector<LinkId> route;
  std::set<LinkId> first_links;
  for (int b = 2; b < 8; ++b) {  // from node 0 to every node off its leaf
    t.route(0, b, route);
    first_links.insert(route.front());
  }
  EXPECT_EQ(first_links.size(), 2u);  // both up ports of leaf 0 are used
}

// D-mod-k on a full k-ary n-tree (k nodes per leaf) routes every shift permutation i -> i + s (mod N) without
// two messages on one link (Zahavi et al.): the property that makes it the InfiniBand default for fat trees.
TEST(FatTree, DModKShiftPermutationsAreContentionFree) {
  for (int k : {2, 3, 4}) {
    const FatTree t(kary(k, 3));
    const int n = t.num_nodes();
    std::vector<LinkId> route;
    for (int shift = 1; shift < n; ++shift) {
      std::vector<int> load(t.link_id_bound(), 0);
      for (int i = 0; i < n; ++i) {
        t.route(i, (i + shift) % n, route);
        for (LinkId l : route) ASSERT_EQ(++load[l], 1) << "k " << k << " shift " << shift;
      }
    }
  }
}

TEST(FatTree, KaryCoordinatesAndBandwidth) {
  const FatTree t(kary(4, 3, 2, {2e9, 1e9}));
  EXPECT_EQ(t.node_coordinates(2 * 6 + 1), (std::vector<double>{1, 2, 1}));  // leaf 6 = digits (1, 2)
  std::vector<LinkId> route;
  t.route(0, 2 * 4, route);  // leaf 0 -> leaf 4: levels 0 and 1
  ASSERT_EQ(route.size(), 4u);
  EXPECT_DOUBLE_EQ(t.link_capacity(route[0]), 1.0);
  EXPECT_DOUBLE_EQ(t.link_capacity(route[1]), 0.5);
  EXPECT_EQ(t.node_of(6, 1), 13);
  EXPECT_EQ(t.switch_of_node(13), 6);
  EXPECT_EQ(t.index_on_switch(13), 1);
  check_routes(t);
}

TEST(FatTree, KarySingleSwitch) {
  const FatTree t(kary(8, 1));
  EXPECT_EQ(t.num_nodes(), 8);
  EXPECT_EQ(t.num_links(), 0);
  EXPECT_EQ(t.diameter(), 0);
  EXPECT_EQ(t.node_coordinates(5), (std::vector<double>{5}));
}

TEST(FatTree, KaryErrors) {
  EXPECT_THROW(FatTree(kary(1, 2)), std::invalid_argument);
  EXPECT_THROW(FatTree(kary(4, 0)), std::invalid_argument);
  EXPECT_THROW(FatTree(kary(4, 3, 0, {1, 2, 3})), std::invalid_argument);
  EXPECT_THROW(FatTree(kary(4, 3, 0, {1, -2})), std::invalid_argument);
  EXPECT_THROW(FatTree(kary(1024, 5)), std::invalid_argument);  // too large for int ids
}

TEST(FatTree, SwitchTreeHopsAndRoutes) {
  const FatTree t(small_tree());
  EXPECT_FALSE(t.is_kary());
  EXPECT_EQ(t.num_nodes(), 7);
  EXPECT_EQ(t.num_levels(), 3);
  EXPECT_EQ(t.num_links(), 8);
  // Nodes: 0,1 on l0; 2,3 on l1; 4,5,6 on b.
  EXPECT_EQ(t.switch_of_node(3), 2);
  EXPECT_EQ(t.hops(0, 1), 0);
  EXPECT_EQ(t.hops(0, 2), 2);
  EXPECT_EQ(t.hops(0, 4), 3);
  EXPECT_EQ(t.hops(5, 6), 0);
  EXPECT_EQ(t.diameter(), 3);
  std::vector<LinkId> route;
  t.route(0, 4, route);  // l0 up, a up, b down
  EXPECT_EQ(route, (std::vector<LinkId>{0, 2, 9}));
  EXPECT_EQ(t.link_class(0), 0);  // leaf level up
  EXPECT_EQ(t.link_class(2), 2);  // next level up
  EXPECT_EQ(t.link_class(9), 3);  // b is one level below the root: level 1 down
  check_routes(t);
}

TEST(FatTree, SwitchTreeCoordinatesAndBandwidth) {
  SwitchTreeSpec s = small_tree();
  s.uplink_bandwidth = {1, 4, 1, 4, 2};
  const FatTree t(s);
  EXPECT_EQ(t.node_coordinates(3), (std::vector<double>{0, 1, 1}));  // a is child 0 of r, l1 child 1 of a
  EXPECT_EQ(t.node_coordinates(6), (std::vector<double>{1, 0, 2}));  // b padded with 0
  EXPECT_DOUBLE_EQ(t.link_capacity(0), 0.25);
  EXPECT_DOUBLE_EQ(t.link_capacity(2), 1.0);
  EXPECT_DOUBLE_EQ(t.link_capacity(8), 0.5);
}

TEST(FatTree, SwitchTreeErrors) {
  SwitchTreeSpec two_roots = small_tree();
  two_roots.parent[1] = -1;
  EXPECT_THROW(FatTree{two_roots}, std::invalid_argument);
  SwitchTreeSpec cycle = small_tree();
  cycle.parent[1] = 0;  // a <-> l0
  EXPECT_THROW(FatTree{cycle}, std::invalid_argument);
  SwitchTreeSpec empty = small_tree();
  empty.nodes.assign(5, 0);
  EXPECT_THROW(FatTree{empty}, std::invalid_argument);
  SwitchTreeSpec self = small_tree();
  self.parent[0] = 0;
  EXPECT_THROW(FatTree{self}, std::invalid_argument);
}

}  // namespace
}  // namespace tamp
