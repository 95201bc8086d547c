// What `refine` asks of the machine many times per swap: hops between allocated nodes, the nodes next to a
// node, and link loads kept up to date as messages are re-routed.
#pragma once
#include <cstdint>
#include <vector>

#include "tamp/allocation.hpp"

namespace tamp::impl {

/// Distances between allocated nodes (indices into the allocation): hops, or the machine's declared level
/// distances (Machine::placement_distance) when it has them. On a Torus the router coordinates are cached
/// and the hops computed inline (the virtual Machine::hops would dominate the swap search); elsewhere
/// Machine::hops. Assumes hops(a, b) == hops(b, a), true of every machine of the module.
class NodeDistance {
 public:
  explicit NodeDistance(const Allocation& allocation);
  /// What a byte between tasks on a and b costs the hop-bytes objective.
  double operator()(int a, int b) const {
    if (by_level_) return a == b ? 0.0 : machine_->placement_distance(nodes_[a], nodes_[b]);
    return hops(a, b);
  }
  int hops(int a, int b) const {
    if (a == b) return 0;
    if (dims_.empty()) return machine_->hops(nodes_[a], nodes_[b]);
    const int D = static_cast<int>(dims_.size());
    const int* ca = &coords_[static_cast<std::size_t>(a) * D];
    const int* cb = &coords_[static_cast<std::size_t>(b) * D];
    int h = 0;
    for (int d = 0; d < D; ++d) {
      const int delta = ca[d] > cb[d] ? ca[d] - cb[d] : cb[d] - ca[d];
      h += wrap_[d] && dims_[d] - delta < delta ? dims_[d] - delta : delta;
    }
    return h;
  }
  /// Allocated nodes one link away from node a, and the other allocated nodes on its router (grid machines
  /// only; empty elsewhere). Appended to `out`.
  void near_nodes(int a, std::vector<int>& out) const;

 private:
  const Machine* machine_;
  bool by_level_ = false;  // the machine declares level distances
  std::vector<int> nodes_;
  std::vector<int> dims_;  // empty: not a grid machine (Machine::grid())
  std::vector<bool> wrap_;
  std::vector<int> coords_;           // router coordinates of each allocated node
  std::vector<int>
      allocated_index_;  // machine node -> allocated index, -1 when not allocated (grid machines only)
};

/// Bytes on every link with the routes of the machine, and their maximum congestion (load / relative
/// capacity), updated in O(path x log links) per message re-routed.
class LinkLoads {
 public:
  explicit LinkLoads(const Allocation& allocation);
  /// Adds `bytes` (negative: removes) on the route between allocated nodes a and b. Returns the links
  /// visited.
  int add(int a, int b, double bytes);
  /// add() for building the loads in bulk: the maximum is not kept up to date until index() is called (the
  /// same tree as add() leaves, in O(links) instead of O(log links) per link of every route).
  int add_unindexed(int a, int b, double bytes);
  void index();
  double max_congestion() const { return tree_[1]; }
  /// How many links are at max congestion (exactly: loads are sums of the same byte counts).
  int links_at_max() const { return count_[1]; }
  /// True when the route a -> b crosses a link whose congestion is at least `threshold`.
  bool crosses(int a, int b, double threshold);

 private:
  void set(LinkId link);

  const Machine& machine_;
  std::vector<int> nodes_;
  std::vector<double> load_;
  std::vector<double> inverse_capacity_;
  std::vector<double> tree_;  // max segment tree over links, leaves at [leaves_, 2 * leaves_)
  std::vector<int> count_;    // leaves under each tree node whose value is that node's max
  std::size_t leaves_ = 1;
  std::vector<LinkId> route_;
};

}  // namespace tamp::impl
