// The Kokkos backend of the sweep (compiled only with TAMP_HAVE_KOKKOS): an MDRange over the owned cells on
// the host execution space, on unmanaged views of the app's grids.
#include <Kokkos_Core.hpp>
#include <stdexcept>
#include <string>

#include "halo_kernel.hpp"
#include "halo_point.hpp"

namespace tamp::halo {
namespace {

using HostSpace = Kokkos::DefaultHostExecutionSpace;
using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;

template <int Points>
void sweep_points(const BlockLayout& layout, const double* in, double* out) {
  const Kokkos::View<const double*, Kokkos::HostSpace, Unmanaged> u(in, layout.size());
  const Kokkos::View<double*, Kokkos::HostSpace, Unmanaged> v(out, layout.size());
  const std::int64_t sy = layout.sy();
  const std::int64_t sz = layout.sz();
  // Rank<3> iterates the last index fastest on the host: (k, j, i) keeps i contiguous.
  using Policy = Kokkos::MDRangePolicy<HostSpace, Kokkos::Rank<3>, Kokkos::IndexType<std::int64_t>>;
  const Policy policy(
      {std::int64_t{1}, std::int64_t{1}, std::int64_t{1}},
      {std::int64_t{layout.n[2]} + 1, std::int64_t{layout.n[1]} + 1, std::int64_t{layout.n[0]} + 1});
  Kokkos::parallel_for("tamp-halo sweep", policy,
                       [=](const std::int64_t k, const std::int64_t j, const std::int64_t i) {
                         const std::int64_t c = i + sy * j + sz * k;
                         v(c) = stencil_average<Points>(u.data(), c, sy, sz);
                       });
}

}  // namespace

void sweep(app::KokkosTag, int points, const BlockLayout& layout, const double* in, double* out) {
  app::require_backend<app::KokkosTag>();
  switch (points) {
    case 5:
      return sweep_points<5>(layout, in, out);
    case 9:
      return sweep_points<9>(layout, in, out);
    case 7:
      return sweep_points<7>(layout, in, out);
    case 27:
      return sweep_points<27>(layout, in, out);
  }
  throw std::invalid_argument("no " + std::to_string(points) + "-point stencil");
}

}  // namespace tamp::halo
