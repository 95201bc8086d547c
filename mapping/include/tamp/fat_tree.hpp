// Fat trees (docs/machines.md): k-ary n-trees with D-mod-k up/down routing, and arbitrary switch trees (the
// shape of a Slurm topology.conf).
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "tamp/machine.hpp"

namespace tamp {

/// A k-ary n-tree (Petrini & Vanneschi): `levels` switch levels of arity^(levels-1) switches each, every
/// switch with `arity` links up (but the top level) and `arity` down; `nodes_per_leaf` nodes per leaf switch.
struct FatTreeSpec {
  int arity = 2;           // k
  int levels = 2;          // n (1: a single switch)
  int nodes_per_leaf = 0;  // 0: arity
  std::vector<double>
      link_bandwidth;  // bytes/s per link level, leaf level first (levels-1 values; empty: equal)
};
std::ostream& operator<<(std::ostream& os, const FatTreeSpec& spec);

/// An arbitrary tree of switches (one root). Switch s has parent[s] (-1 for the root) and nodes[s] nodes
/// attached; nodes are numbered switch by switch, in switch order.
struct SwitchTreeSpec {
  std::vector<std::string> names;        // one per switch (may be empty strings)
  std::vector<int> parent;               // -1 for the root
  std::vector<int> nodes;                // nodes attached to each switch
  std::vector<double> uplink_bandwidth;  // bytes/s of the link to the parent (empty: all equal; root ignored)
};

/// Hops count switch-to-switch links only: the links between a node and its leaf switch are not modelled (as
/// on the torus, where nodes on one router are 0 hops apart). A route goes up to the nearest common ancestor
/// and down again, so hops(a, b) = 2 x (levels climbed) on a k-ary n-tree.
///
/// k-ary n-tree: leaf switch w (0 <= w < k^(n-1)) has base-k digits w_0 (least significant) .. w_(n-2); a
/// level-l switch has a word of n-1 digits too, and is joined to the level-(l+1) switches whose words differ
/// from its own in digit l only. Node id = leaf * nodes_per_leaf + index. Up port at level l (D-mod-k, as in
/// InfiniBand's ftree routing): digit l := floor(destination node id / k^l) mod k; the way down is unique.
/// Link id: u = (l * k^(n-1) + w) * k + j for the link between level-l switch w and its up port j; 2u is the
/// up direction, 2u + 1 the down direction. Link class 2l (up) and 2l + 1 (down). Coordinates: leaf digits
/// most significant first (w_(n-2) .. w_0), then the index on the leaf.
///
/// Switch tree: the link from switch s to its parent has id 2s (up) and 2s + 1 (down), and level
/// `height - depth(s)` (height = largest switch depth, root at depth 0), class 2*level (+1 down).
/// Coordinates: the child positions on the path from the root (padded with 0 to the height), then the index
/// of the node on its switch.
class FatTree final : public Machine {
 public:
  explicit FatTree(FatTreeSpec spec);     // throws std::invalid_argument on bad sizes
  explicit FatTree(SwitchTreeSpec spec);  // throws std::invalid_argument on cycles, several roots, bad sizes

  bool is_kary() const { return kary_; }
  const FatTreeSpec& kary_spec() const { return kary_spec_; }
  const SwitchTreeSpec& tree_spec() const { return tree_spec_; }

  int num_switches() const { return num_switches_; }
  /// Switch a node hangs from (k-ary: leaf index in [0, k^(n-1)); tree: switch index).
  int switch_of_node(int node) const;
  int index_on_switch(int node) const;
  int node_of(int switch_index, int index_on_switch) const;
  /// Nodes attached to a switch (k-ary: nodes_per_leaf on leaves).
  int nodes_on_switch(int switch_index) const;
  /// Number of switch levels (k-ary: n; tree: height + 1).
  int num_levels() const { return levels_; }
  /// A switch tree (one uplink per switch), not a k-ary n-tree (whose leaves spread their traffic up over k links).
  bool is_switch_tree() const { return !kary_; }

  /// k-ary: nodes_per_leaf; a switch tree: 0 (it varies).
  int nodes_per_router() const override { return kary_ ? kary_spec_.nodes_per_leaf : 0; }
  int router_of_node(int node) const override { return switch_of_node(node); }
  /// k-ary: the leaf's n-1 digits, most significant first; a switch tree: none (switch names).
  std::vector<int> coordinate_extents() const override;
  int node_at(const std::vector<int>& coords, int index) const override;

  std::string kind() const override { return "fattree"; }
  std::string describe() const override;
  int num_nodes() const override { return num_nodes_; }
  int num_links() const override;
  LinkId link_id_bound() const override;
  int hops(int node_a, int node_b) const override;
  void route(int node_a, int node_b, std::vector<LinkId>& out) const override;
  double link_capacity(LinkId link) const override;
  /// The largest link_bandwidth (k-ary) or uplink_bandwidth (switch tree) when given, else the network's.
  double fastest_link_bandwidth() const override;
  int link_class(LinkId link) const override;
  int num_link_classes() const override;
  int diameter() const override { return diameter_; }
  /// One node, then each switch level: num_levels() + 1.
  int num_distance_levels() const override { return levels_ + 1; }
  /// 0 for one node, else 1 + the level of the nearest common switch (leaf level 0; a switch tree's switch s
  /// has level height - depth(s)).
  int level_apart(int node_a, int node_b) const override;
  std::vector<double> node_coordinates(int node) const override;

 private:
  int kary_climb(int leaf_a, int leaf_b) const;
  void kary_route(int node_a, int node_b, std::vector<LinkId>& out) const;
  int tree_lca(int s, int t) const;
  void tree_route(int node_a, int node_b, std::vector<LinkId>& out) const;

  bool kary_ = true;
  FatTreeSpec kary_spec_;
  SwitchTreeSpec tree_spec_;
  int num_switches_ = 0;
  int num_nodes_ = 0;
  int levels_ = 1;
  int diameter_ = 0;
  std::vector<double> capacity_;  // k-ary: per level; tree: per switch (its uplink)
  // k-ary
  int leaves_ = 1;          // k^(n-1)
  std::vector<int> power_;  // k^l, l = 0..n
  // tree
  std::vector<int> depth_;       // per switch
  std::vector<int> child_pos_;   // position among the parent's children
  std::vector<int> first_node_;  // per switch, size num_switches + 1
  std::vector<int> switch_of_;   // per node
};

}  // namespace tamp
