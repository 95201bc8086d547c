// The grid capability of a machine: routers on a D-dimensional grid, each dimension a ring or a line, the
// same number of nodes on every router. Machine::grid() offers it (tori and meshes) so that the fast paths of
// evaluate(), the geometric and composite algorithms and the apps need no concrete machine type.
#pragma once
#include <vector>

namespace tamp {

/// Router r has coordinates with dimension 0 fastest: r = c0 + d0*(c1 + d1*(c2 + ...)).
/// Node id = r * nodes_per_router + n (n = index of the node on its router).
class Grid {
 public:
  Grid() = default;
  /// The sizes are the model's to check (Torus does): dims >= 1, one wrap flag per dimension.
  Grid(std::vector<int> dims, std::vector<bool> wrap, int nodes_per_router);

  const std::vector<int>& dims() const { return dims_; }
  const std::vector<bool>& wrap() const { return wrap_; }
  int num_dims() const { return static_cast<int>(dims_.size()); }
  int dim(int d) const { return dims_[d]; }
  bool wraps(int d) const { return wrap_[d]; }
  /// Router-index step of one coordinate along dimension d.
  int stride(int d) const { return stride_[d]; }
  int nodes_per_router() const { return nodes_per_router_; }
  int num_routers() const { return num_routers_; }

  int router_of_node(int node) const { return node / nodes_per_router_; }
  int node_of(int router, int index_on_router) const { return router * nodes_per_router_ + index_on_router; }
  std::vector<int> router_coords(int router) const;
  /// Throws std::invalid_argument on a wrong number of coordinates or one outside its dimension.
  int router_index(const std::vector<int>& coords) const;
  /// Hops between coordinates a and b along dimension d (wrap-aware).
  int distance_1d(int d, int a, int b) const {
    const int delta = a > b ? a - b : b - a;
    return wrap_[d] && dims_[d] - delta < delta ? dims_[d] - delta : delta;
  }

 private:
  std::vector<int> dims_;
  std::vector<bool> wrap_;
  std::vector<int> stride_;
  int nodes_per_router_ = 1;
  int num_routers_ = 0;
};

}  // namespace tamp
