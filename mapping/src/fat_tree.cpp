// Fat trees: the k-ary n-tree (digit arithmetic, D-mod-k up ports) and what both forms share.
#include "tamp/fat_tree.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"

namespace tamp {

std::ostream& operator<<(std::ostream& os, const FatTreeSpec& spec) {
  os << "arity " << spec.arity << ", levels " << spec.levels << ", nodes_per_leaf "
     << (spec.nodes_per_leaf ? spec.nodes_per_leaf : spec.arity);
  if (!spec.link_bandwidth.empty()) {
    os << ", link_bandwidth";
    for (double b : spec.link_bandwidth) os << ' ' << b;
  }
  return os;
}

FatTree::FatTree(FatTreeSpec spec) : kary_(true), kary_spec_(std::move(spec)) {
  FatTreeSpec& s = kary_spec_;
  require(s.levels >= 1, "fattree: levels must be >= 1, got " + std::to_string(s.levels));
  require(s.arity >= 2 || (s.arity == 1 && s.levels == 1),
          "fattree: arity must be >= 2, got " + std::to_string(s.arity));
  if (s.nodes_per_leaf == 0) s.nodes_per_leaf = s.arity;
  require(s.nodes_per_leaf >= 1, "fattree: nodes per leaf switch must be >= 1");
  require(s.link_bandwidth.empty() || static_cast<int>(s.link_bandwidth.size()) == s.levels - 1,
          "fattree: " + std::to_string(s.link_bandwidth.size()) + " link bandwidths for " +
              std::to_string(s.levels - 1) + " link levels");
  // Link ids reach 2 * (n-1) * k^(n-1) * k and node ids k^(n-1) * nodes_per_leaf: both must fit an int.
  const long long limit = std::numeric_limits<int>::max();
  power_.assign(1, 1);
  long long p = 1;
  for (int l = 1; l <= s.levels; ++l) {
    p *= s.arity;
    require(p <= limit, "fattree: arity^levels is too large");
    power_.push_back(static_cast<int>(p));
  }
  leaves_ = power_[s.levels - 1];
  require(static_cast<long long>(leaves_) * s.nodes_per_leaf <= limit &&
              2LL * s.levels * leaves_ * s.arity <= limit,
          "fattree: the machine is too large");
  num_switches_ = leaves_ * s.levels;
  num_nodes_ = leaves_ * s.nodes_per_leaf;
  levels_ = s.levels;
  diameter_ = leaves_ > 1 ? 2 * (s.levels - 1) : 0;
  capacity_.assign(std::max(0, s.levels - 1), 1.0);
  if (!s.link_bandwidth.empty()) {
    double fastest = 0;
    for (double b : s.link_bandwidth) {
      check_range(b, kBandwidthRange, "fattree: link bandwidth");
      fastest = std::max(fastest, b);
    }
    for (int l = 0; l < s.levels - 1; ++l) capacity_[l] = s.link_bandwidth[l] / fastest;
  }
}

std::vector<int> FatTree::coordinate_extents() const {
  if (!kary_) return {};
  return std::vector<int>(levels_ - 1, kary_spec_.arity);
}

int FatTree::node_at(const std::vector<int>& coords, int index) const {
  if (!kary_) throw std::invalid_argument("fattree: a switch tree names its switches, it has no coordinates");
  int leaf = 0;  // most significant digit first
  for (int c : coords) leaf = leaf * kary_spec_.arity + c;
  return node_of(leaf, index);
}

int FatTree::switch_of_node(int node) const {
  return kary_ ? node / kary_spec_.nodes_per_leaf : switch_of_[node];
}

int FatTree::index_on_switch(int node) const {
  return kary_ ? node % kary_spec_.nodes_per_leaf : node - first_node_[switch_of_[node]];
}

int FatTree::node_of(int switch_index, int index_on_switch) const {
  require(
      switch_index >= 0 && switch_index < (kary_ ? leaves_ : num_switches_) && index_on_switch >= 0 &&
          index_on_switch < nodes_on_switch(switch_index),
      "fattree: no node " + std::to_string(index_on_switch) + " on switch " + std::to_string(switch_index));
  return kary_ ? switch_index * kary_spec_.nodes_per_leaf + index_on_switch
               : first_node_[switch_index] + index_on_switch;
}

int FatTree::nodes_on_switch(int switch_index) const {
  if (kary_) return switch_index < leaves_ ? kary_spec_.nodes_per_leaf : 0;
  return first_node_[switch_index + 1] - first_node_[switch_index];
}

std::string FatTree::describe() const {
  if (kary_)
    return "fattree " + std::to_string(kary_spec_.arity) + "-ary " + std::to_string(kary_spec_.levels) +
           "-tree (" + std::to_string(kary_spec_.nodes_per_leaf) + " nodes/leaf)";
  return "fattree switch tree (" + std::to_string(num_switches_) + " switches, " + std::to_string(levels_) +
         " levels, " + std::to_string(num_nodes_) + " nodes)";
}

int FatTree::num_links() const {
  return kary_ ? 2 * (levels_ - 1) * leaves_ * kary_spec_.arity : 2 * (num_switches_ - 1);
}

LinkId FatTree::link_id_bound() const {
  return kary_ ? num_links() : 2 * num_switches_;
}

int FatTree::num_link_classes() const {
  return std::max(1, 2 * (levels_ - 1));
}

int FatTree::link_class(LinkId link) const {
  if (kary_) return 2 * ((link / 2) / (leaves_ * kary_spec_.arity)) + link % 2;
  // A root's two ids name no link (a root has no parent): class 0, they never carry bytes.
  if (depth_[link / 2] == 0) return 0;
  return 2 * (levels_ - 1 - depth_[link / 2]) + link % 2;
}

double FatTree::link_capacity(LinkId link) const {
  if (kary_) return capacity_[link_class(link) / 2];
  return capacity_[link / 2];
}

// Capacities are relative to the fastest link, as on the torus and the dragonfly.
double FatTree::fastest_link_bandwidth() const {
  const std::vector<double>& given = kary_ ? kary_spec_.link_bandwidth : tree_spec_.uplink_bandwidth;
  double fastest = 0;
  for (std::size_t i = 0; i < given.size(); ++i) {
    if (kary_ || tree_spec_.parent[i] >= 0) fastest = std::max(fastest, given[i]);  // a root has no uplink
  }
  return fastest > 0 ? fastest : network().link_bandwidth;
}

int FatTree::hops(int node_a, int node_b) const {
  const int s = switch_of_node(node_a);
  const int t = switch_of_node(node_b);
  if (s == t) return 0;
  if (kary_) return 2 * kary_climb(s, t);
  return depth_[s] + depth_[t] - 2 * depth_[tree_lca(s, t)];
}

int FatTree::level_apart(int node_a, int node_b) const {
  if (node_a == node_b) return 0;
  const int s = switch_of_node(node_a);
  const int t = switch_of_node(node_b);
  if (kary_) return 1 + kary_climb(s, t);
  return levels_ - depth_[tree_lca(s, t)];
}

void FatTree::route(int node_a, int node_b, std::vector<LinkId>& out) const {
  out.clear();
  if (kary_)
    kary_route(node_a, node_b, out);
  else
    tree_route(node_a, node_b, out);
}

// Levels to climb from leaf a to a common ancestor of leaf b: 1 + the highest digit where they differ.
int FatTree::kary_climb(int leaf_a, int leaf_b) const {
  int m = 0;
  const int k = kary_spec_.arity;
  for (int l = 0; l < levels_ - 1; ++l) {
    if (leaf_a % k != leaf_b % k) m = l + 1;
    leaf_a /= k;
    leaf_b /= k;
  }
  return m;
}

void FatTree::kary_route(int node_a, int node_b, std::vector<LinkId>& out) const {
  const int k = kary_spec_.arity;
  const int b = switch_of_node(node_b);
  int w = switch_of_node(node_a);
  const int m = kary_climb(w, b);
  const auto digit = [&](int word, int l) { return (word / power_[l]) % k; };
  const auto link = [&](int l, int word, int port) { return (l * leaves_ + word) * k + port; };
  for (int l = 0; l < m; ++l) {  // up: D-mod-k port choice
    const int j = (node_b / power_[l]) % k;
    out.push_back(2 * link(l, w, j));
    w += (j - digit(w, l)) * power_[l];
  }
  for (int l = m - 1; l >= 0; --l) {  // down: set digit l to b's
    const int up_port = digit(w, l);
    const int lower = w + (digit(b, l) - up_port) * power_[l];
    out.push_back(2 * link(l, lower, up_port) + 1);
    w = lower;
  }
}

std::vector<double> FatTree::node_coordinates(int node) const {
  std::vector<double> c;
  const int s = switch_of_node(node);
  if (kary_) {
    for (int l = levels_ - 2; l >= 0; --l) c.push_back((s / power_[l]) % kary_spec_.arity);
  } else {
    c.assign(levels_ - 1, 0.0);
    for (int t = s; tree_spec_.parent[t] >= 0; t = tree_spec_.parent[t]) c[depth_[t] - 1] = child_pos_[t];
  }
  c.push_back(index_on_switch(node));
  return c;
}

}  // namespace tamp
