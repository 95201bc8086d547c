// N-dimensional torus / mesh with dimension-ordered routing (Cray Gemini, Blue Gene).
#pragma once
#include <iosfwd>
#include <vector>

#include "tamp/machine.hpp"

namespace tamp {

struct TorusSpec {
  std::vector<int> dims;                // routers per dimension
  std::vector<bool> wrap;               // wrap-around per dimension (empty: all wrap)
  int nodes_per_router = 1;             // 2 on Cray Gemini
  std::vector<double> link_bandwidth;   // bytes/s per dimension (empty: all equal)
};
std::ostream& operator<<(std::ostream& os, const TorusSpec& spec);

/// Router r has coordinates with dimension 0 fastest: r = c0 + d0*(c1 + d1*(c2 + ...)).
/// Node id = r * nodes_per_router + n (n = index of the node on its router).
/// Routing: dimension 0 first, then 1, ...; in each dimension the shorter way round, ties to +.
/// Link id = router * 2D + 2d + (0 for the + direction, 1 for -), for the link leaving that router.
class Torus final : public Machine {
 public:
  explicit Torus(TorusSpec spec);  // throws std::invalid_argument on bad dims

  const TorusSpec& spec() const { return spec_; }
  int num_dims() const { return static_cast<int>(spec_.dims.size()); }
  int dim(int d) const { return spec_.dims[d]; }
  bool wraps(int d) const { return spec_.wrap[d]; }
  int nodes_per_router() const { return spec_.nodes_per_router; }
  int num_routers() const { return num_routers_; }

  int router_of_node(int node) const { return node / spec_.nodes_per_router; }
  int node_of(int router, int index_on_router) const { return router * spec_.nodes_per_router + index_on_router; }
  std::vector<int> router_coords(int router) const;
  int router_index(const std::vector<int>& coords) const;
  /// Hops between coordinates a and b along dimension d (wrap-aware).
  int distance_1d(int d, int a, int b) const;

  std::string kind() const override;
  std::string describe() const override;
  int num_nodes() const override { return num_routers_ * spec_.nodes_per_router; }
  int num_links() const override;
  LinkId link_id_bound() const override;
  int hops(int node_a, int node_b) const override;
  void route(int node_a, int node_b, std::vector<LinkId>& out) const override;
  double link_capacity(LinkId link) const override;
  int link_class(LinkId link) const override;
  int num_link_classes() const override { return num_dims(); }
  int diameter() const override;
  std::vector<double> node_coordinates(int node) const override;

 private:
  TorusSpec spec_;
  int num_routers_ = 0;
  std::vector<int> stride_;         // router index stride per dimension
  std::vector<double> capacity_;    // relative capacity per dimension
};

}  // namespace tamp
