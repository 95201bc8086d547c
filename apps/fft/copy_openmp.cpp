// The OpenMP backend of the box copy: threads share the outer loops. A copy that transposes (the innermost
// loop writes contiguously but reads with a stride, while another loop reads contiguously) runs in 16 x 16
// blocks of those two loops, so that both sides stay in cache.
#include <algorithm>

#include "copy_kernel.hpp"

namespace tamp::fft {
namespace {

constexpr std::int64_t kBlock = 16;

void copy_blocked(const CopyBox& box, int contiguous, const Complex* s, Complex* d) {
  const int outer = contiguous == 0 ? 1 : 0;  // the loop that is neither blocked loop
  const std::int64_t no = box.n[outer], nc = box.n[contiguous], nk = box.n[2];
  const std::int64_t so = box.src_stride[outer], sc = box.src_stride[contiguous], sk = box.src_stride[2];
  const std::int64_t dout = box.dst_stride[outer], dc = box.dst_stride[contiguous], dk = box.dst_stride[2];
#pragma omp parallel for collapse(2) schedule(static) if (no * nc * nk > 32768)
  for (std::int64_t o = 0; o < no; ++o) {
    for (std::int64_t c0 = 0; c0 < nc; c0 += kBlock) {
      for (std::int64_t k0 = 0; k0 < nk; k0 += kBlock) {
        const std::int64_t c1 = std::min(nc, c0 + kBlock), k1 = std::min(nk, k0 + kBlock);
        for (std::int64_t c = c0; c < c1; ++c) {
          const Complex* from = s + o * so + c * sc;
          Complex* to = d + o * dout + c * dc;
          for (std::int64_t k = k0; k < k1; ++k) to[k * dk] = from[k * sk];
        }
      }
    }
  }
}

}  // namespace

void copy_box(app::OpenMPTag, const CopyBox& box, const Complex* src, Complex* dst) {
  const std::int64_t n0 = box.n[0], n1 = box.n[1], n2 = box.n[2];
  const Complex* s = src + box.src_offset;
  Complex* d = dst + box.dst_offset;
  if (box.src_stride[2] != 1 && n2 > 1) {
    for (int contiguous = 0; contiguous < 2; ++contiguous) {
      if (box.src_stride[contiguous] == 1 && box.n[contiguous] > 1)
        return copy_blocked(box, contiguous, s, d);
    }
  }
#pragma omp parallel for collapse(2) schedule(static) if (n0 * n1 * n2 > 32768)
  for (std::int64_t i = 0; i < n0; ++i) {
    for (std::int64_t j = 0; j < n1; ++j) {
      const Complex* from = s + i * box.src_stride[0] + j * box.src_stride[1];
      Complex* to = d + i * box.dst_stride[0] + j * box.dst_stride[1];
      const std::int64_t ss = box.src_stride[2];
      const std::int64_t ds = box.dst_stride[2];
      for (std::int64_t k = 0; k < n2; ++k) to[k * ds] = from[k * ss];
    }
  }
}

}  // namespace tamp::fft
