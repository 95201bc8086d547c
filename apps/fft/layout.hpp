// A rank's local array of the 3D FFT: which global dimension is outermost, middle and innermost (`order`),
// the local extent of each global dimension, and whether each outermost slice is followed by a few unused
// elements (`padded`, slice_pad). Every transform layout is a block of the global array with its dimensions in
// some order; the strides follow.
#pragma once
#include <array>
#include <cstdint>

namespace tamp::fft {

using Order = std::array<int, 3>;  // global dimensions, outermost first

/// The pad after outermost slices of `inner` elements: slices of a multiple of 4 KiB put the rows of a strided
/// FFT along the outermost dimension on the same cache sets (at 128^3 the stride is 128 KiB); 8 elements (128
/// bytes) move each slice to other sets.
inline std::int64_t slice_pad(std::int64_t inner) { return inner % 256 == 0 ? 8 : 0; }

struct Layout {
  Order order{0, 1, 2};
  std::array<std::int64_t, 3> extent{1, 1, 1};  // indexed by global dimension
  bool padded = false;

  std::int64_t pad() const { return padded ? slice_pad(extent[order[1]] * extent[order[2]]) : 0; }
  /// Element stride of each global dimension (indexed by global dimension).
  std::array<std::int64_t, 3> strides() const {
    std::array<std::int64_t, 3> s{};
    s[order[2]] = 1;
    s[order[1]] = extent[order[2]];
    s[order[0]] = extent[order[1]] * extent[order[2]] + pad();
    return s;
  }
  /// Elements in memory, pads included.
  std::int64_t size() const { return extent[order[0]] * strides()[order[0]]; }
  /// Elements of the block.
  std::int64_t elements() const { return extent[0] * extent[1] * extent[2]; }
};

}  // namespace tamp::fft
