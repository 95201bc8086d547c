// The OpenMP backend of the sweep.
#include <omp.h>

#include <stdexcept>
#include <string>

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
