// The OpenMP backend of the sweep.
#include <omp.h>

#include "stencil_kernel.hpp"
#include "sweep_tiles.hpp"

namespace tamp::stencil {
namespace {

template <int Points>
void sweep_points(const Layout& layout, const Box& box, const double* in, double* out) {
  const SweepTiles tiles = make_sweep_tiles(box, omp_get_max_threads());
#pragma omp parallel for schedule(static)
  for (int t = 0; t < tiles.tiles; ++t) sweep_tile<Points>(tiles, layout, box, t, in, out);
}

}  // namespace

void sweep(app::OpenMPTag, int points, const Layout& layout, const Box& box, const double* in, double* out) {
  if (box.empty()) return;
  with_points(points, [&](auto p) { sweep_points<decltype(p)::value>(layout, box, in, out); });
}

}  // namespace tamp::stencil
