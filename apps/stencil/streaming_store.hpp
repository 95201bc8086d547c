// Non-temporal ("streaming") stores of whole vectors, for sweeps whose output is far larger than the caches:
// the store bypasses the cache, so the line is not first read from memory (write-allocate) and does not evict
// the planes the sweep still reads. Width = the widest vector the kernels are compiled for
// (TAMP_NATIVE_KERNELS, cmake/TampCompilerFlags.cmake); plain stores where there is none.
#pragma once
#include <cstdint>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace tamp::stencil {

#if defined(__AVX512F__)
inline constexpr int kStreamWidth = 8;
inline void stream_store(double* aligned, const double* values) {
  _mm512_stream_pd(aligned, _mm512_loadu_pd(values));
}
#elif defined(__AVX__)
inline constexpr int kStreamWidth = 4;
inline void stream_store(double* aligned, const double* values) {
  _mm256_stream_pd(aligned, _mm256_loadu_pd(values));
}
#elif defined(__SSE2__)
inline constexpr int kStreamWidth = 2;
inline void stream_store(double* aligned, const double* values) {
  _mm_stream_pd(aligned, _mm_loadu_pd(values));
}
#else
inline constexpr int kStreamWidth = 1;
inline void stream_store(double* aligned, const double* values) {
  *aligned = *values;
}
#endif

/// True when `p` may take stream_store().
inline bool stream_aligned(const double* p) {
  return reinterpret_cast<std::uintptr_t>(p) % (kStreamWidth * sizeof(double)) == 0;
}

/// Orders the streaming stores of this thread before what follows (they are weakly ordered): call before the
/// thread's results are read by another thread or after the sweep.
inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

}  // namespace tamp::stencil
