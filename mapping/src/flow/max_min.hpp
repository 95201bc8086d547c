// Max-min fair shares of resources among flows, by progressive filling (docs/simulation.md, "The flow engine"):
// every flow crossing the resource with the smallest fair share (remaining capacity over unfixed flows) gets
// that share and is fixed; its share leaves every other resource on its way; repeat. The result is the unique
// max-min fair allocation: no flow can go faster without slowing one that is no faster than it.
#pragma once
#include <cstdint>
#include <vector>

namespace tamp::impl {

/// The resources a flow crosses: [begin, end) of resource ids, in route order (a resource may not repeat), and
/// its weight: on a resource where it is limited, flows get shares in proportion to their weights.
struct FlowRoute {
  const int* begin = nullptr;
  const int* end = nullptr;
  double weight = 1;
};

/// Solves weighted max-min fair rates on flat arrays (each flow's rate is its weight times the fill level of
/// its bottleneck). Ties between resources of equal share are broken by the lower
/// resource id, so the same flows give the same rates, bit for bit, on every run. Reuses its buffers: one
/// solver per simulation. O(F x L + R log R) for F flows of L resources crossing R resources (a resource is
/// pushed again only when its share grew since it was pushed); only the resources the flows cross are visited.
class MaxMinSolver {
 public:
  /// `capacity`: bytes/s of every resource, > 0.
  explicit MaxMinSolver(std::vector<double> capacity);

  /// rate[i] = the max-min fair rate of flows[i] (bytes/s); every flow crosses at least one resource.
  void solve(const std::vector<FlowRoute>& flows, std::vector<double>& rate);

  const std::vector<double>& capacity() const { return capacity_; }
  /// The resources the last solve's flows cross.
  const std::vector<int>& touched() const { return touched_; }
  /// Per resource of touched(): the sum of the rates of its flows, added in the order of the flows.
  const std::vector<double>& allocated() const { return allocated_; }
  /// The last solve's work: route entries of its flows, resources touched and heap pops and pushes again.
  std::int64_t work() const { return work_; }

 private:
  std::vector<double> capacity_;
  // Per resource, valid where stamp == epoch_: capacity not yet given out, the weights and count of the flows
  // not yet fixed, and the first of its flows in flows_on_ (one struct: a route entry touches one cache
  // line).
  struct Resource {
    double remaining;
    double weights;
    std::int64_t first;
    std::int32_t unfixed;
    std::uint32_t stamp;
  };
  std::vector<Resource> resources_;
  std::uint32_t epoch_ = 0;
  std::vector<int> touched_;
  std::vector<std::int64_t> flows_on_;  // flows of each touched resource, grouped by resource
  std::vector<char> fixed_;
  // A resource's fair share when it was queued (it may have grown since).
  struct Share {
    double share;
    int resource;
    bool operator<(const Share& o) const {
      return share != o.share ? share < o.share : resource < o.resource;
    }
    bool operator>(const Share& o) const { return o < *this; }
  };
  std::vector<Share> shares_;  // every touched resource's first share, sorted
  std::vector<Share> again_;   // a min-heap: the shares queued again
  std::vector<double> allocated_;
  std::int64_t work_ = 0;
};

}  // namespace tamp::impl
