// An allocator for the apps' large arrays (std::vector<T, HugePageAllocator<T>>): 64-byte aligned (a cache
// line, an AVX-512 vector, fftw_malloc's alignment), and from 4 MiB on aligned to 2 MiB with transparent huge
// pages requested (madvise(MADV_HUGEPAGE)); a kernel whose /sys/kernel/mm/transparent_hugepage/enabled says
// "madvise", as the development machine's, gives them only on request. Advice only: without huge pages the
// array keeps its 4 KiB pages.
//
// Why (docs/performance.md): a 512^3 stencil field is 1.1 GB, 270 000 pages of 4 KiB, a new page
// every row of each stream; the FFT's strided transforms touch a new page at every element of a column and
// the MPI library pins every page of a large message for its single copy. Measured on the Zen 4 VM: the
// 512^3 stencil sweep 3-7% faster, the 128^3 pencil FFT on 4 ranks 0.72-0.73 of its time before.
#pragma once
#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tamp::app {

namespace impl {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
inline constexpr std::size_t kCacheLineBytes = 64;

/// Alignment of an allocation of `bytes`: a huge page from two huge pages on, else a cache line.
constexpr std::size_t array_alignment(std::size_t bytes) {
  return bytes >= 2 * kHugePageBytes ? kHugePageBytes : kCacheLineBytes;
}

}  // namespace impl

template <class T>
struct HugePageAllocator {
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    const std::size_t align = impl::array_alignment(bytes);
    void* p = ::operator new(bytes, std::align_val_t{align});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align == impl::kHugePageBytes) madvise(p, bytes, MADV_HUGEPAGE);  // before the first touch
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    ::operator delete(p, std::align_val_t{impl::array_alignment(n * sizeof(T))});
  }
  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
  friend bool operator!=(const HugePageAllocator&, const HugePageAllocator&) { return false; }
};

}  // namespace tamp::app
