// The Kokkos backend of the box copy (compiled only with TAMP_HAVE_KOKKOS): an MDRange over the two outer
// loops on the host execution space.
#include <Kokkos_Core.hpp>

#include "copy_kernel.hpp"

namespace tamp::fft {

void copy_box(app::KokkosTag, const CopyBox& box, const Complex* src, Complex* dst) {
  app::require_backend<app::KokkosTag>();
  if (box.n[0] == 0 || box.n[1] == 0 || box.n[2] == 0) return;
  const CopyBox b = box;
  using Policy = Kokkos::MDRangePolicy<Kokkos::DefaultHostExecutionSpace, Kokkos::Rank<2>,
                                       Kokkos::IndexType<std::int64_t>>;
  Kokkos::parallel_for("tamp-fft copy", Policy({0, 0}, {b.n[0], b.n[1]}),
                       [=](const std::int64_t i, const std::int64_t j) {
                         const Complex* from = src + b.src_offset + i * b.src_stride[0] + j * b.src_stride[1];
                         Complex* to = dst + b.dst_offset + i * b.dst_stride[0] + j * b.dst_stride[1];
                         for (std::int64_t k = 0; k < b.n[2]; ++k)
                           to[k * b.dst_stride[2]] = from[k * b.src_stride[2]] * b.scale;
                       });
}

}  // namespace tamp::fft
