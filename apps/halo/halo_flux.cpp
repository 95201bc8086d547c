// Which owned cells lose heat through the global boundary, and how much of it.
#include "halo_flux.hpp"

namespace tamp::halo {
namespace {

// 5/7 points: MiniGhost's faces in its order (x low, x high, y low, y high[, z low, z high]); a cell on an
// edge appears once per face, as in MG_FLUX_ACCUMULATE_2D5PT_3D7PT.
void face_cells(const HaloSpec& spec, const Block& b, std::vector<std::pair<std::int64_t, int>>& cells) {
  const BlockLayout& l = b.layout;
  const int nx = l.n[0], ny = l.n[1], nz = l.n[2];
  const auto& p = spec.procs;
  for (int side = 0; side < 2; ++side) {  // x
    if (b.coords[0] != (side ? p[0] - 1 : 0)) continue;
    for (int k = 1; k <= nz; ++k)
      for (int j = 1; j <= ny; ++j) cells.emplace_back(l.index(side ? nx : 1, j, k), 1);
  }
  for (int side = 0; side < 2; ++side) {  // y
    if (b.coords[1] != (side ? p[1] - 1 : 0)) continue;
    for (int k = 1; k <= nz; ++k)
      for (int i = 1; i <= nx; ++i) cells.emplace_back(l.index(i, side ? ny : 1, k), 1);
  }
  if (!spec.three_d()) return;
  for (int side = 0; side < 2; ++side) {  // z
    if (b.coords[2] != (side ? p[2] - 1 : 0)) continue;
    for (int j = 1; j <= ny; ++j)
      for (int i = 1; i <= nx; ++i) cells.emplace_back(l.index(i, j, side ? nz : 1), 1);
  }
}

// 9/27 points: each owned cell with the number of its stencil points outside the grid. (MiniGhost's own
// 3D27PT accounting misses part of it when the block has neighbours, so its check fails there; this count is
// exact: a sweep's sum drops by exactly sum(value * outside / points).)
void box_cells(const HaloSpec& spec, const Block& b, std::vector<std::pair<std::int64_t, int>>& cells) {
  const BlockLayout& l = b.layout;
  const int reach_z = spec.three_d() ? 1 : 0;
  for (int k = 1; k <= l.n[2]; ++k)
    for (int j = 1; j <= l.n[1]; ++j)
      for (int i = 1; i <= l.n[0]; ++i) {
        const std::int64_t g[3] = {b.first[0] + i - 1, b.first[1] + j - 1, b.first[2] + k - 1};
        int outside = 0;
        for (int dz = -reach_z; dz <= reach_z; ++dz)
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
              const std::int64_t q[3] = {g[0] + dx, g[1] + dy, g[2] + dz};
              bool out = false;
              for (int d = 0; d < 3; ++d) out = out || q[d] < 0 || q[d] >= spec.global(d);
              outside += out;
            }
        if (outside) cells.emplace_back(l.index(i, j, k), outside);
      }
}

}  // namespace

BoundaryFlux::BoundaryFlux(const HaloSpec& spec, const Block& block) : points_(spec.points()) {
  if (spec.diagonals()) {
    box_cells(spec, block, cells_);
  } else {
    face_cells(spec, block, cells_);
  }
}

void BoundaryFlux::accumulate(const double* grid, double& flux) const {
  for (const auto& [cell, outside] : cells_)
    flux += outside == 1 ? grid[cell] / points_ : grid[cell] / points_ * outside;
}

}  // namespace tamp::halo
