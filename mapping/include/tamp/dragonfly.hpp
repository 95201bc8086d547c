// Dragonfly networks (docs/machines.md): groups of routers joined all-to-all inside (per group dimension) and
// by global links between groups; minimal routing local, global, local.
#pragma once
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "tamp/machine.hpp"

namespace tamp {

struct DragonflySpec {
  int groups = 1;                      // g
  std::vector<int> group_dims = {1};   // routers of a group as a grid, all-to-all along each dimension:
                                       // {a} is the classic all-to-all group, {16, 6} an Aries group
  int nodes_per_router = 1;            // p
  int global_links = 1;                // h, global ports per router
  std::vector<double> link_bandwidth;  // bytes/s per group dimension, then global (empty: all equal)
};
std::ostream& operator<<(std::ostream& os, const DragonflySpec& spec);

/// Router id = group * a + local, local = c0 + d0 * (c1 + d1 * ...) (a = routers per group, dimension 0
/// fastest); node id = router * p + index. Global port q = local * h + j of a group (j < h). With
/// L = floor(a*h / (g-1)) links between every pair of groups, port q < L*(g-1) of group G leads to group
/// G + 1 + (q mod (g-1)) (mod g), to its port (q div (g-1)) * (g-1) + (g - 2 - q mod (g-1)) — the
/// "consecutive" arrangement, the same in every group; ports q >= L*(g-1) are left unwired. Needs a*h >= g-1.
/// Minimal routing: inside a group, dimension-ordered (one hop per group dimension that differs); between
/// groups G -> G', local to the router that holds the link (G, G') number m = destination node mod L, the
/// global link, local to the destination router. So hops <= 2*(group dimensions) + 1.
/// Link ids: router * Lloc + offset_d + (v < c_d ? v : v - 1) for the local link along dimension d to the
/// router with coordinate v (Lloc = sum of (d_k - 1)); routers * Lloc + router * h + j for global port j.
/// Link class d for local links along group dimension d, and group_dims.size() for global links.
/// Coordinates: group, the router's coordinates in its group, the index on the router.
class Dragonfly final : public Machine {
 public:
  explicit Dragonfly(DragonflySpec spec);  // throws std::invalid_argument on bad sizes

  const DragonflySpec& spec() const { return spec_; }
  int routers_per_group() const { return routers_per_group_; }
  int num_routers() const { return routers_per_group_ * spec_.groups; }
  /// Links between every pair of groups (L above; 0 with one group).
  int links_per_group_pair() const { return pair_links_; }
  int router_of_node(int node) const override { return node / spec_.nodes_per_router; }
  int nodes_per_router() const override { return spec_.nodes_per_router; }
  /// The group, then the router's coordinates in its group.
  std::vector<int> coordinate_extents() const override;
  int node_at(const std::vector<int>& coords, int index) const override;
  int group_of_router(int router) const { return router / routers_per_group_; }
  /// Router and port at the other end of global port `port` of `router` (-1, -1 when unwired).
  std::pair<int, int> global_peer(int router, int port) const;
  /// Node id from (group, coordinates in the group, index on the router).
  int node_of(int group, const std::vector<int>& local_coords, int index) const;

  std::string kind() const override { return "dragonfly"; }
  std::string describe() const override;
  int num_nodes() const override { return num_routers() * spec_.nodes_per_router; }
  int num_links() const override;
  LinkId link_id_bound() const override;
  int hops(int node_a, int node_b) const override;
  void route(int node_a, int node_b, std::vector<LinkId>& out) const override;
  double link_capacity(LinkId link) const override;
  /// The largest link_bandwidth when given, else the network's.
  double fastest_link_bandwidth() const override;
  int link_class(LinkId link) const override;
  int num_link_classes() const override { return static_cast<int>(spec_.group_dims.size()) + 1; }
  int diameter() const override;
  std::vector<double> node_coordinates(int node) const override;

 private:
  int local_hops(int local_a, int local_b) const;
  void local_route(int router_a, int router_b, std::vector<LinkId>& out) const;
  /// Exit router, its port and the entry router of the global hop from group ga to gb for destination node.
  void global_hop(int ga, int gb, int dest_node, int& exit_router, int& port, int& entry_router) const;

  DragonflySpec spec_;
  int routers_per_group_ = 1;
  int local_links_ = 0;           // Lloc: local links leaving each router
  int pair_links_ = 0;            // L
  std::vector<int> stride_;       // per group dimension
  std::vector<int> dim_offset_;   // offset_d
  std::vector<double> capacity_;  // per link class
};

}  // namespace tamp
