// Router-coordinate arithmetic of grid machines (tamp/grid.hpp).
#include "tamp/grid.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tamp {

Grid::Grid(std::vector<int> dims, std::vector<bool> wrap, int nodes_per_router)
    : dims_(std::move(dims)), wrap_(std::move(wrap)), nodes_per_router_(nodes_per_router) {
  int routers = 1;
  stride_.resize(dims_.size());
  for (std::size_t d = 0; d < dims_.size(); ++d) {
    stride_[d] = routers;
    routers *= dims_[d];
  }
  num_routers_ = routers;
}

std::vector<int> Grid::router_coords(int router) const {
  std::vector<int> c(num_dims());
  for (int d = 0; d < num_dims(); ++d) {
    c[d] = router % dims_[d];
    router /= dims_[d];
  }
  return c;
}

int Grid::router_index(const std::vector<int>& coords) const {
  if (static_cast<int>(coords.size()) != num_dims())
    throw std::invalid_argument("torus: router_index needs " + std::to_string(num_dims()) + " coordinates");
  int r = 0;
  for (int d = 0; d < num_dims(); ++d) {
    if (coords[d] < 0 || coords[d] >= dims_[d])
      throw std::invalid_argument("torus: coordinate " + std::to_string(coords[d]) + " outside dimension " +
                                  std::to_string(d));
    r += coords[d] * stride_[d];
  }
  return r;
}

}  // namespace tamp
