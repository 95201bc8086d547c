// The Kokkos backend (compiled only with TAMP_HAVE_KOKKOS): the same two loops as RangePolicy parallel_for on
// the host execution space, on the chunk's arrays.
#include <Kokkos_Core.hpp>

#include "heat_kernel.hpp"
#include "heat_point.hpp"

namespace tamp::mesh {
namespace {

using HostSpace = Kokkos::DefaultHostExecutionSpace;
using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
template <class T>
using View = Kokkos::View<T*, Kokkos::HostSpace, Unmanaged>;

template <int NV>
void elements(const Chunk& chunk, int first, int last, const double* u, double* contribution) {
  const View<const double> k(chunk.stiffness.data(), chunk.stiffness.size());
  const View<const int> conn(chunk.conn.data(), chunk.conn.size());
  const View<double> out(contribution, chunk.conn.size());
  Kokkos::parallel_for("tamp-mesh elements", Kokkos::RangePolicy<HostSpace>(first, last), [=](const int e) {
    element_contribution<NV>(k.data() + static_cast<std::size_t>(e) * NV * NV,
                             conn.data() + static_cast<std::size_t>(e) * NV, u,
                             out.data() + static_cast<std::size_t>(e) * NV);
  });
}

}  // namespace

void element_loop(app::KokkosTag, const Chunk& chunk, int first, int last, const double* u,
                  double* contribution) {
  app::require_backend<app::KokkosTag>();
  if (first >= last) return;
  if (chunk.nv == 3) return elements<3>(chunk, first, last, u, contribution);
  elements<4>(chunk, first, last, u, contribution);
}

void node_loop(app::KokkosTag, const Chunk& chunk, const double* u, const double* contribution,
               double* next) {
  app::require_backend<app::KokkosTag>();
  if (chunk.owned == 0) return;
  const View<const int> offsets(chunk.gather_offsets.data(), chunk.gather_offsets.size());
  const View<const int> entries(chunk.gather_entries.data(), chunk.gather_entries.size());
  const View<const double> som(chunk.step_over_mass.data(), chunk.step_over_mass.size());
  Kokkos::parallel_for("tamp-mesh nodes", Kokkos::RangePolicy<HostSpace>(0, chunk.owned), [=](const int i) {
    next[i] = node_update(u[i], som(i), contribution, entries.data(), offsets(i), offsets(i + 1));
  });
}

}  // namespace tamp::mesh
