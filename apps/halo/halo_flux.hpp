// The heat a sweep lets out of the grid (MG_FLUX_ACCUMULATE): the ghost cells beyond the global boundary hold
// 0, so every stencil point of an owned cell that falls outside takes value / points with it. The grid sum
// plus the heat let out is conserved: that is what the grid-sum check tests.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "halo_block.hpp"

namespace tamp::halo {

class BoundaryFlux {
 public:
  BoundaryFlux(const HaloSpec& spec, const Block& block);
  /// Adds the heat the coming sweep of `grid` lets out to `flux` (cell by cell, as MiniGhost accumulates).
  void accumulate(const double* grid, double& flux) const;
  /// Owned cells with stencil points outside the grid: the units of one accumulate() ("flux").
  std::int64_t cells() const { return static_cast<std::int64_t>(cells_.size()); }

 private:
  std::vector<std::pair<std::int64_t, int>> cells_;  // owned cell, stencil points of it outside the grid
  double points_;
};

}  // namespace tamp::halo
