// The OpenMP backend of the box copy: threads share the two outer loops; the innermost loop is a plain
// contiguous copy when both sides have stride 1 (every transpose of stage_plan.hpp: dimension 2 stays
// innermost), else a strided one.
#include <algorithm>

#include "copy_kernel.hpp"

namespace tamp::fft {

void copy_box(app::OpenMPTag, const CopyBox& box, const Complex* src, Complex* dst) {
  const std::int64_t n0 = box.n[0], n1 = box.n[1], n2 = box.n[2];
  const std::int64_t ss = box.src_stride[2], ds = box.dst_stride[2];
  const double scale = box.scale;
  const Complex* s = src + box.src_offset;
  Complex* d = dst + box.dst_offset;
  auto row = [&](std::int64_t i, std::int64_t j) {
    const Complex* from = s + i * box.src_stride[0] + j * box.src_stride[1];
    Complex* to = d + i * box.dst_stride[0] + j * box.dst_stride[1];
    if (ss == 1 && ds == 1 && scale == 1.0) {
      std::copy(from, from + n2, to);
    } else {
      for (std::int64_t k = 0; k < n2; ++k) to[k * ds] = from[k * ss] * scale;
    }
  };
  // Small boxes (the pipelined tiles' blocks) stay out of the OpenMP runtime: entering a parallel region,
  // even a disabled one, costs more than copying them.
  if (n0 * n1 * n2 <= 32768) {
    for (std::int64_t i = 0; i < n0; ++i)
      for (std::int64_t j = 0; j < n1; ++j) row(i, j);
    return;
  }
#pragma omp parallel for collapse(2) schedule(static)
  for (std::int64_t i = 0; i < n0; ++i)
    for (std::int64_t j = 0; j < n1; ++j) row(i, j);
}

}  // namespace tamp::fft
