// The Kokkos backend of the sweep (compiled only with TAMP_HAVE_KOKKOS): the tiles of the OpenMP backend as a
// range over the host execution space, so both backends run the same loops and agree bitwise.
#include <Kokkos_Core.hpp>

#include "stencil_kernel.hpp"
#include "sweep_tiles.hpp"

namespace tamp::stencil {
namespace {

using HostSpace = Kokkos::DefaultHostExecutionSpace;

// The OpenMP backend's tiles (sweep_tiles.hpp), spread over the host execution space's threads.
template <int Points>
void sweep_points(const Layout& layout, const Box& box, const double* in, double* out) {
  const SweepTiles tiles = make_sweep_tiles(box, HostSpace().concurrency());
  Kokkos::parallel_for("tamp-stencil sweep", Kokkos::RangePolicy<HostSpace>(0, tiles.tiles),
                       [=](const int t) { sweep_tile<Points>(tiles, layout, box, t, in, out); });
}

}  // namespace

void sweep(app::KokkosTag, int points, const Layout& layout, const Box& box, const double* in, double* out) {
  app::require_backend<app::KokkosTag>();
  if (box.empty()) return;
  with_points(points, [&](auto p) { sweep_points<decltype(p)::value>(layout, box, in, out); });
}

}  // namespace tamp::stencil
