// The 7-point row with AVX-512 (the kernels' -march=native, cmake/TampCompilerFlags.cmake): the x neighbours of
// eight cells come from the aligned vectors of the row itself (valignq) instead of two unaligned loads that
// each straddle two cache lines. The sum runs in stencil_average's order (0 + dz-1, dy-1, dx-1, centre, dx+1,
// dy+1, dz+1, then times 1/7), so the results are bitwise those of the generic row.
//
// Why: with the loads of `#pragma omp simd` (seven 64-byte loads per eight cells, six of them across two lines)
// a core swept a 7-point row out of the L2 at 0.53 ns per cell, about what the memory needs to stream the 16
// bytes of a cell at 512^3 (0.43 ns), and out of memory the two times added up instead of overlapping (15-16
// GB/s where either alone runs at 30-37). With aligned centre loads the row costs 0.42 ns per cell in the L2 and
// the 512^3 sweep gains 6% (measured 2026-11-24 on the Zen 4 VM, docs/performance.md).
#pragma once
#include <cstdint>

#include "stencil_point.hpp"
#include "streaming_store.hpp"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace tamp::stencil::impl {

#if defined(__AVX512F__)
inline constexpr bool kHaveRow7 = true;

/// Cells [index + i, index + n) of a 7-point row, `i` at a 64-byte boundary of both `in` and `out`, in
/// vectors of 8 while 8 remain (the rest is left to the caller); returns the first cell not done. Reads one
/// vector of the row before `i` and one after the last vector (halo cells or the neighbouring row: inside the
/// field). `prefetch_end`: prefetch in[index + lead + ahead + i] while i < prefetch_end.
template <bool Streaming>
inline int sweep_row_7(const double* in, std::int64_t index, int i, int n, std::int64_t sy, std::int64_t sz,
                       std::int64_t lead, std::int64_t ahead, std::int64_t prefetch_end, double* out) {
  if (i + 8 > n) return i;
  const double* c = in + index;
  const __m512d zero = _mm512_setzero_pd();
  const __m512d scale = _mm512_set1_pd(1.0 / 7);
  __m512i prev = _mm512_castpd_si512(_mm512_load_pd(c + i - 8));
  __m512i centre = _mm512_castpd_si512(_mm512_load_pd(c + i));
  for (; i + 8 <= n; i += 8) {
    if (i < prefetch_end) __builtin_prefetch(c + lead + ahead + i);
    const __m512i next = _mm512_castpd_si512(_mm512_load_pd(c + i + 8));
    __m512d sum = _mm512_add_pd(zero, _mm512_loadu_pd(c + i - sz));
    sum = _mm512_add_pd(sum, _mm512_loadu_pd(c + i - sy));
    sum = _mm512_add_pd(sum, _mm512_castsi512_pd(_mm512_maskz_alignr_epi64(0xff, centre, prev, 7)));
    sum = _mm512_add_pd(sum, _mm512_castsi512_pd(centre));
    sum = _mm512_add_pd(sum, _mm512_castsi512_pd(_mm512_maskz_alignr_epi64(0xff, next, centre, 1)));
    sum = _mm512_add_pd(sum, _mm512_loadu_pd(c + i + sy));
    sum = _mm512_add_pd(sum, _mm512_loadu_pd(c + i + sz));
    sum = _mm512_mul_pd(sum, scale);
    if constexpr (Streaming) {
      _mm512_stream_pd(out + index + i, sum);
    } else {
      _mm512_store_pd(out + index + i, sum);
    }
    prev = centre;
    centre = next;
  }
  return i;
}
#else
inline constexpr bool kHaveRow7 = false;

template <bool Streaming>
inline int sweep_row_7(const double*, std::int64_t, int i, int, std::int64_t, std::int64_t, std::int64_t,
                       std::int64_t, std::int64_t, double*) {
  return i;
}
#endif

}  // namespace tamp::stencil::impl
