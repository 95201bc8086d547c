// Storage of a stencil field: std::vector storage on 64-byte boundaries (one cache line, one AVX-512 vector), and
// for fields of 4 MiB and more on 2 MiB boundaries with transparent huge pages requested (madvise), which this
// machine's kernel gives only on request ("madvise" in /sys/kernel/mm/transparent_hugepage/enabled). A 512^3
// field is 1.1 GB: 270 000 pages of 4 KiB, one TLB miss per row of 514 cells in each of the sweep's streams;
// with huge pages the 512^3 sweep ran 3-7% faster on the development machine (2026-11-24).
#pragma once
#include <cstddef>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tamp::stencil {

namespace impl {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kLine = 64;

/// Alignment of an allocation of `bytes`: huge-page aligned from two huge pages on.
constexpr std::size_t field_alignment(std::size_t bytes) { return bytes >= 2 * kHugePage ? kHugePage : kLine; }

}  // namespace impl

template <class T>
struct FieldAllocator {
  using value_type = T;

  FieldAllocator() = default;
  template <class U>
  FieldAllocator(const FieldAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    const std::size_t align = impl::field_alignment(bytes);
    void* p = ::operator new(bytes, std::align_val_t{align});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Advice only: without transparent huge pages the field keeps its 4 KiB pages.
    if (align == impl::kHugePage) madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    ::operator delete(p, std::align_val_t{impl::field_alignment(n * sizeof(T))});
  }
  friend bool operator==(const FieldAllocator&, const FieldAllocator&) { return true; }
  friend bool operator!=(const FieldAllocator&, const FieldAllocator&) { return false; }
};

/// A field's values (halo included), zero-initialised like std::vector<double>.
using Field = std::vector<double, FieldAllocator<double>>;

}  // namespace tamp::stencil
