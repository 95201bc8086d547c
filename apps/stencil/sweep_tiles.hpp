// The sweep shared by the backends (stencil_kernel_openmp.cpp, stencil_kernel_kokkos.cpp): the box cut into
// tiles of rows, each tile swept plane by plane (k advancing) so that the three planes a 3D stencil reads
// stay in the L2 while k advances, and each row swept by one vector loop. Backends differ only in how they
// spread the tiles over threads.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "geometry.hpp"
#include "stencil_point.hpp"
#include "streaming_store.hpp"
#include "sweep_row_7.hpp"

namespace tamp::stencil {

struct SweepTiles {
  int rows_per_tile = 1;
  int tiles = 0;
  bool streaming = false;  // non-temporal stores and prefetch of the leading plane
};

/// Rows per tile: the three planes of a tile (k-1, k, k+1) take 1.5 MiB, which was fastest on the development
/// machine (tiles of 32-512 rows of 4 KB measured, 128-256 best, 32-64 rows 10-20% slower although only those
/// fit the Zen 4's 1 MiB L2 per core: the planes read again come from the L3); enough tiles for
/// every thread. Streaming stores once the output is larger than a last-level cache (32 MiB): below it the
/// next sweep reads the output from cache, which a streaming store would throw away.
inline SweepTiles make_sweep_tiles(const Box& box, int threads) {
  constexpr std::int64_t kTileBytes = 3 * 512 * 1024;
  constexpr std::int64_t kStreamingBytes = std::int64_t{32} << 20;
  const std::int64_t row_bytes = 8 * static_cast<std::int64_t>(box.hi[0] - box.lo[0]);
  const int rows = box.hi[1] - box.lo[1];
  const int fit = static_cast<int>(std::max<std::int64_t>(1, kTileBytes / (3 * row_bytes)));
  SweepTiles t;
  t.rows_per_tile = std::max(1, std::min(fit, (rows + threads - 1) / threads));
  t.tiles = rows > 0 ? (rows + t.rows_per_tile - 1) / t.rows_per_tile : 0;
  t.streaming = 8 * box.cells() > kStreamingBytes;
  return t;
}

namespace impl {

// Rows this short (a boundary slab one cell wide in x) touch a new cache line of each field per row, a row
// apart: plain loops, and the lines of the row kNarrowAhead rows ahead prefetched. Where a message fills the
// x halo, the two x-slabs of a 512^3 block still take ~15% of the interior sweep's time (40 ns per row out of
// cache, 16 ns in cache); where none does they are swept with the interior (geometry.hpp).
inline constexpr int kNarrowRow = 8;
inline constexpr int kNarrowAhead = 16;

// How far ahead (doubles) a streaming sweep prefetches the stencil's leading row (the k+1 plane in 3D, j+1 in
// 2D): the one stream that comes from memory; 2 KB ahead measured best (0.5-8 KB tried).
inline constexpr std::int64_t kPrefetchAhead = 256;

/// True when `in` and `out` lie the same distance from a stream_store() boundary, so that one loop index is
/// aligned in both (sweep_row_7 loads the centre row aligned where it stores).
inline bool same_alignment(const double* in, const double* out) {
  return (reinterpret_cast<std::uintptr_t>(in) - reinterpret_cast<std::uintptr_t>(out)) %
             (kStreamWidth * sizeof(double)) ==
         0;
}

/// Cells [index, index + n) of one row; `lead` is the offset of the row read last (sz in 3D, sy in 2D) and
/// `size` the number of values of `in`, so that prefetches stay inside it.
template <int Points>
void sweep_row(const double* in, std::int64_t index, int n, std::int64_t sy, std::int64_t sz, bool streaming,
               std::int64_t lead, std::int64_t size, double* out) {
  int i = 0;
  const bool row7 = Points == 7 && kHaveRow7 && same_alignment(in, out);
  if (streaming || row7) {
    for (; i < n && !stream_aligned(out + index + i); ++i)
      out[index + i] = stencil_average<Points>(in, index + i, sy, sz);
    const std::int64_t prefetch_end = streaming ? size - index - lead - kPrefetchAhead : 0;
    if (row7) {
      i = streaming ? sweep_row_7<true>(in, index, i, n, sy, sz, lead, kPrefetchAhead, prefetch_end, out)
                    : sweep_row_7<false>(in, index, i, n, sy, sz, lead, kPrefetchAhead, prefetch_end, out);
    } else {
      for (; i + kStreamWidth <= n; i += kStreamWidth) {
        if (i < prefetch_end) __builtin_prefetch(in + index + lead + kPrefetchAhead + i);
        alignas(64) double values[kStreamWidth];
#pragma omp simd
        for (int l = 0; l < kStreamWidth; ++l) values[l] = stencil_average<Points>(in, index + i + l, sy, sz);
        stream_store(out + index + i, values);
      }
    }
  }
#pragma omp simd
  for (int r = i; r < n; ++r) out[index + r] = stencil_average<Points>(in, index + r, sy, sz);
}

}  // namespace impl

/// Tile `t` of `tiles` (make_sweep_tiles of the same box).
template <int Points>
void sweep_tile(const SweepTiles& tiles, const Layout& layout, const Box& box, int t, const double* in,
                double* out) {
  constexpr bool three_d = Points == 7 || Points == 27;
  const std::int64_t sy = layout.stride_y();
  const std::int64_t sz = layout.stride_z();
  const std::int64_t lead = three_d ? sz : sy;
  const int n = box.hi[0] - box.lo[0];
  const int j_lo = box.lo[1] + t * tiles.rows_per_tile;
  const int j_hi = std::min(j_lo + tiles.rows_per_tile, box.hi[1]);
  if (n <= impl::kNarrowRow) {
    // Plain loops: the vector loop's set-up costs more than a row of a few cells.
    for (int k = box.lo[2]; k < box.hi[2]; ++k) {
      for (int j = j_lo; j < j_hi; ++j) {
        const std::int64_t index = layout.index(box.lo[0], j, k);
        if (j + impl::kNarrowAhead < j_hi) {
          __builtin_prefetch(in + index + impl::kNarrowAhead * sy + lead);
          __builtin_prefetch(out + index + impl::kNarrowAhead * sy, 1);
        }
        for (int i = 0; i < n; ++i) out[index + i] = stencil_average<Points>(in, index + i, sy, sz);
      }
    }
    return;
  }
  for (int k = box.lo[2]; k < box.hi[2]; ++k) {
    for (int j = j_lo; j < j_hi; ++j) {
      impl::sweep_row<Points>(in, layout.index(box.lo[0], j, k), n, sy, sz, tiles.streaming, lead,
                              layout.size(), out);
    }
  }
  if (tiles.streaming) stream_fence();
}

/// Calls `sweep(std::integral_constant<int, P>{})` with the stencil's point count P (5, 9, 7 or 27): the one switch
/// from the run-time count to the kernels' template argument, for every backend.
template <class Sweep>
void with_points(int points, Sweep&& sweep) {
  switch (points) {
    case 5:
      return sweep(std::integral_constant<int, 5>{});
    case 9:
      return sweep(std::integral_constant<int, 9>{});
    case 7:
      return sweep(std::integral_constant<int, 7>{});
    case 27:
      return sweep(std::integral_constant<int, 27>{});
  }
  throw std::invalid_argument("no " + std::to_string(points) + "-point stencil");
}

}  // namespace tamp::stencil
