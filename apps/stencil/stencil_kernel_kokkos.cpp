// The Kokkos backend of the sweep (compiled only with TAMP_HAVE_KOKKOS): an MDRange over the box on the host
// execution space, on unmanaged views of the app's fields.
#include <Kokkos_Core.hpp>
#include <stdexcept>
#include <string>

#include "stencil_kernel.hpp"
#include "stencil_point.hpp"

namespace tamp::stencil {
namespace {

using HostSpace = Kokkos::DefaultHostExecutionSpace;
using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;

template <int Points>
void sweep_points(const Layout& layout, const Box& box, const double* in, double* out) {
  const Kokkos::View<const double*, Kokkos::HostSpace, Unmanaged> u(in, layout.size());
  const Kokkos::View<double*, Kokkos::HostSpace, Unmanaged> v(out, layout.size());
  const std::int64_t sy = layout.stride_y();
  const std::int64_t sz = layout.stride_z();
  // Rank<3> iterates the last index fastest on the host: (k, j, i) keeps i contiguous.
  using Policy = Kokkos::MDRangePolicy<HostSpace, Kokkos::Rank<3>, Kokkos::IndexType<std::int64_t>>;
  const Policy policy({std::int64_t{box.lo[2]}, std::int64_t{box.lo[1]}, std::int64_t{box.lo[0]}},
                      {std::int64_t{box.hi[2]}, std::int64_t{box.hi[1]}, std::int64_t{box.hi[0]}});
  Kokkos::parallel_for("tamp-stencil sweep", policy,
                       [=](const std::int64_t k, const std::int64_t j, const std::int64_t i) {
                         const std::int64_t index = layout.index(i, j, k);
                         v(index) = stencil_average<Points>(u.data(), index, sy, sz);
                       });
}

}  // namespace

void sweep(app::KokkosTag, int points, const Layout& layout, const Box& box, const double* in, double* out) {
  app::require_backend<app::KokkosTag>();
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
