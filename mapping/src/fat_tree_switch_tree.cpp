// Fat trees read as an arbitrary switch tree (Slurm topology.conf): checks, depths, routes through the
// nearest common ancestor.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/fat_tree.hpp"

namespace tamp {

namespace {

std::string switch_label(const SwitchTreeSpec& s, int i) {
  return "switch " + (s.names[i].empty() ? std::to_string(i) : s.names[i]);
}

}  // namespace

FatTree::FatTree(SwitchTreeSpec spec) : kary_(false), tree_spec_(std::move(spec)) {
  SwitchTreeSpec& s = tree_spec_;
  const int n = static_cast<int>(s.parent.size());
  require(n >= 1, "fattree: a switch tree needs at least one switch");
  require(n <= std::numeric_limits<int>::max() / 2, "fattree: too many switches");
  if (s.names.empty()) s.names.assign(n, std::string());
  require(static_cast<int>(s.names.size()) == n && static_cast<int>(s.nodes.size()) == n,
          "fattree: names, parent and nodes must have one entry per switch");
  require(s.uplink_bandwidth.empty() || static_cast<int>(s.uplink_bandwidth.size()) == n,
          "fattree: uplink_bandwidth must be empty or have one entry per switch");
  num_switches_ = n;

  int root = -1;
  for (int i = 0; i < n; ++i) {
    if (s.parent[i] < -1 || s.parent[i] >= n || s.parent[i] == i)
      throw std::invalid_argument("fattree: " + switch_label(s, i) + " has an invalid parent");
    if (s.parent[i] >= 0) continue;
    if (root >= 0)
      throw std::invalid_argument("fattree: " + switch_label(s, root) + " and " + switch_label(s, i) +
                                  " are both roots (the switches must form one tree)");
    root = i;
  }
  require(root >= 0, "fattree: no root switch (the parent links form a cycle)");

  // Depths by walking up with memoisation; a walk longer than n switches is a cycle.
  depth_.assign(n, -1);
  depth_[root] = 0;
  std::vector<int> path;
  for (int i = 0; i < n; ++i) {
    path.clear();
    int t = i;
    while (depth_[t] < 0) {
      path.push_back(t);
      if (static_cast<int>(path.size()) > n)
        throw std::invalid_argument("fattree: " + switch_label(s, i) + " is on a cycle");
      t = s.parent[t];
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) depth_[*it] = depth_[s.parent[*it]] + 1;
  }
  const int height = *std::max_element(depth_.begin(), depth_.end());
  levels_ = height + 1;

  std::vector<int> children(n, 0);
  child_pos_.assign(n, 0);
  for (int i = 0; i < n; ++i)
    if (s.parent[i] >= 0) child_pos_[i] = children[s.parent[i]]++;

  first_node_.assign(n + 1, 0);
  long long total = 0;
  for (int i = 0; i < n; ++i) {
    if (s.nodes[i] < 0)
      throw std::invalid_argument("fattree: " + switch_label(s, i) + " has a negative node count");
    total += s.nodes[i];
    require(total <= std::numeric_limits<int>::max() / 2, "fattree: too many nodes");
    first_node_[i + 1] = static_cast<int>(total);
  }
  require(total >= 1, "fattree: no nodes under any switch");
  num_nodes_ = static_cast<int>(total);
  switch_of_.resize(total);
  for (int i = 0; i < n; ++i)
    std::fill(switch_of_.begin() + first_node_[i], switch_of_.begin() + first_node_[i + 1], i);

  capacity_.assign(n, 1.0);
  if (!s.uplink_bandwidth.empty()) {
    double fastest = 0;
    for (int i = 0; i < n; ++i) {
      if (i == root) continue;
      const double b = s.uplink_bandwidth[i];
      check_range(b, kBandwidthRange, "fattree: the bandwidth of " + switch_label(s, i));
      fastest = std::max(fastest, b);
    }
    for (int i = 0; i < n; ++i)
      if (i != root) capacity_[i] = s.uplink_bandwidth[i] / fastest;
  }

  // Diameter: at each switch, the two deepest node-bearing switches below different children (or itself).
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return depth_[a] > depth_[b]; });
  std::vector<int> best1(n, -1), best2(n, -1);  // deepest candidates seen at each switch
  const auto offer = [&](int v, int d) {
    if (d > best1[v]) {
      best2[v] = best1[v];
      best1[v] = d;
    } else if (d > best2[v]) {
      best2[v] = d;
    }
  };
  diameter_ = 0;
  for (int v : order) {
    if (s.nodes[v] > 0) offer(v, depth_[v]);
    if (best2[v] >= 0) diameter_ = std::max(diameter_, best1[v] + best2[v] - 2 * depth_[v]);
    if (s.parent[v] >= 0 && best1[v] >= 0) offer(s.parent[v], best1[v]);
  }
}

int FatTree::tree_lca(int s, int t) const {
  const auto& parent = tree_spec_.parent;
  while (depth_[s] > depth_[t]) s = parent[s];
  while (depth_[t] > depth_[s]) t = parent[t];
  while (s != t) {
    s = parent[s];
    t = parent[t];
  }
  return s;
}

void FatTree::tree_route(int node_a, int node_b, std::vector<LinkId>& out) const {
  const int s = switch_of_[node_a];
  const int t = switch_of_[node_b];
  if (s == t) return;
  const int top = tree_lca(s, t);
  for (int v = s; v != top; v = tree_spec_.parent[v]) out.push_back(2 * v);
  const std::size_t down = out.size();
  for (int v = t; v != top; v = tree_spec_.parent[v]) out.push_back(2 * v + 1);
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(down), out.end());
}

}  // namespace tamp
