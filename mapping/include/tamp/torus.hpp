// N-dimensional torus / mesh with dimension-ordered routing (Cray Gemini, Blue Gene).
#pragma once
#include <iosfwd>
#include <vector>

#include "tamp/grid.hpp"
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
  // The grid arithmetic is Grid's (tamp/grid.hpp); these forward to it.
  int num_dims() const { return grid_.num_dims(); }
  int dim(int d) const { return grid_.dim(d); }
  bool wraps(int d) const { return grid_.wraps(d); }
  int num_routers() const { return grid_.num_routers(); }
  int node_of(int router, int index_on_router) const { return grid_.node_of(router, index_on_router); }
  std::vector<int> router_coords(int router) const { return grid_.router_coords(router); }
  int router_index(const std::vector<int>& coords) const { return grid_.router_index(coords); }
  /// Hops between coordinates a and b along dimension d (wrap-aware).
  int distance_1d(int d, int a, int b) const { return grid_.distance_1d(d, a, b); }

  int nodes_per_router() const override { return spec_.nodes_per_router; }
  int router_of_node(int node) const override { return grid_.router_of_node(node); }
  std::vector<int> coordinate_extents() const override { return spec_.dims; }
  int node_at(const std::vector<int>& coords, int index) const override;
  const Grid* grid() const override { return &grid_; }
  double fastest_link_bandwidth() const override;

  std::string kind() const override;
  std::string describe() const override;
  int num_nodes() const override { return grid_.num_routers() * spec_.nodes_per_router; }
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
  Grid grid_;
  std::vector<double> capacity_;    // relative capacity per dimension
  std::vector<int> coords_;         // router r's coordinate d at r * D + d (empty on tori too large to list)
};

}  // namespace tamp
