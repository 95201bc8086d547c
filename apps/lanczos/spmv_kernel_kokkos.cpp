// The Kokkos backend of the local SpMV (compiled only with TAMP_HAVE_KOKKOS): a RangePolicy over the rows on
// the host execution space, on unmanaged views of the block.
#include <Kokkos_Core.hpp>

#include "spmv_kernel.hpp"

namespace tamp::lanczos {

void multiply(app::KokkosTag, const Csr& a, const double* x, double* y) {
  app::require_backend<app::KokkosTag>();
  using HostSpace = Kokkos::DefaultHostExecutionSpace;
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  const Kokkos::View<const std::int64_t*, Kokkos::HostSpace, Unmanaged> offsets(a.offsets.data(),
                                                                                a.offsets.size());
  const Kokkos::View<const std::int32_t*, Kokkos::HostSpace, Unmanaged> columns(a.columns.data(),
                                                                                a.columns.size());
  const Kokkos::View<const double*, Kokkos::HostSpace, Unmanaged> values(a.values.data(), a.values.size());
  const Kokkos::View<const double*, Kokkos::HostSpace, Unmanaged> in(x, static_cast<std::size_t>(a.cols));
  const Kokkos::View<double*, Kokkos::HostSpace, Unmanaged> out(y, static_cast<std::size_t>(a.rows));
  Kokkos::parallel_for("tamp-lanczos spmv",
                       Kokkos::RangePolicy<HostSpace, Kokkos::IndexType<std::int64_t>>(0, a.rows),
                       [=](const std::int64_t row) {
                         double sum = 0.0;
                         for (std::int64_t e = offsets(row); e < offsets(row + 1); ++e)
                           sum += values(e) * in(columns(e));
                         out(row) = sum;
                       });
}

}  // namespace tamp::lanczos
