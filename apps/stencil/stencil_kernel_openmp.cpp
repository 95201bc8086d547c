// The OpenMP backend of the sweep.
#include <omp.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "stencil_kernel.hpp"
#include "stencil_point.hpp"

namespace tamp::stencil {
namespace {

// Rows per tile: the three planes of a tile that a 3D sweep reads (k-1, k, k+1) stay in a 512 KB share of the
// cache while k advances, so every input cell comes from memory once; enough tiles for every thread.
int rows_per_tile(const Box& box, int threads) {
  constexpr std::int64_t kTileBytes = 512 * 1024;
  const std::int64_t row_bytes = 8 * static_cast<std::int64_t>(box.hi[0] - box.lo[0]);
  const int rows = box.hi[1] - box.lo[1];
  const int fit = static_cast<int>(std::max<std::int64_t>(1, kTileBytes / (3 * row_bytes)));
  return std::max(1, std::min(fit, (rows + threads - 1) / threads));
}

template <int Points>
void sweep_points(const Layout& layout, const Box& box, const double* in, double* out) {
  const std::int64_t sy = layout.stride_y();
  const std::int64_t sz = layout.stride_z();
  const int tile = rows_per_tile(box, omp_get_max_threads());
  const int tiles = (box.hi[1] - box.lo[1] + tile - 1) / tile;
#pragma omp parallel for schedule(static)
  for (int t = 0; t < tiles; ++t) {
    const int j_lo = box.lo[1] + t * tile, j_hi = std::min(j_lo + tile, box.hi[1]);
    for (int k = box.lo[2]; k < box.hi[2]; ++k) {
      for (int j = j_lo; j < j_hi; ++j) {
        std::int64_t index = layout.index(box.lo[0], j, k);
        for (int i = box.lo[0]; i < box.hi[0]; ++i, ++index)
          out[index] = stencil_average<Points>(in, index, sy, sz);
      }
    }
  }
}

}  // namespace

void sweep(app::OpenMPTag, int points, const Layout& layout, const Box& box, const double* in, double* out) {
  if (box.empty()) return;
  switch (points) {
    case 5:
      return sweep_points<5>(layout, box, in, out);
    case 9:
      return sweep_points<9>(layout, box, in, out);
    case 7:
      return sweep_points<7>(layout, box, in, out);
    case 27:
      return sweep_points<27>(layout, box, in, out);
  }
  throw std::invalid_argument("no " + std::to_string(points) + "-point stencil");
}

}  // namespace tamp::stencil
