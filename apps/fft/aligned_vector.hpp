// The FFT's arrays: std::vector storage aligned to 64 bytes, as fftw_malloc's. malloc gives 16-byte alignment, on
// which FFTW cannot use its SIMD codelets for aligned data (FFTW-MPI's arrays come from fftw_malloc).
#pragma once
#include <complex>
#include <cstddef>
#include <new>
#include <vector>

namespace tamp::fft {

template <class T>
struct AlignedAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};

  AlignedAllocator() = default;
  template <class U>
  AlignedAllocator(const AlignedAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlignment)); }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, kAlignment); }
  friend bool operator==(const AlignedAllocator&, const AlignedAllocator&) { return true; }
  friend bool operator!=(const AlignedAllocator&, const AlignedAllocator&) { return false; }
};

using AlignedVector = std::vector<std::complex<double>, AlignedAllocator<std::complex<double>>>;

}  // namespace tamp::fft
