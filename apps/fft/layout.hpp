// A rank's local array of the 3D FFT: which global dimension is outermost, middle and innermost (`order`)
// and the local extent of each global dimension. Every transform layout is a block of the global array with
// its dimensions in some order; the strides follow from the order.
#pragma once
#include <array>
#include <cstdint>

namespace tamp::fft {

using Order = std::array<int, 3>;  // global dimensions, outermost first

struct Layout {
  Order order{0, 1, 2};
  std::array<std::int64_t, 3> extent{1, 1, 1};  // indexed by global dimension

  /// Element stride of each global dimension (indexed by global dimension).
  std::array<std::int64_t, 3> strides() const {
    std::array<std::int64_t, 3> s{};
    s[order[2]] = 1;
    s[order[1]] = extent[order[2]];
    s[order[0]] = extent[order[1]] * extent[order[2]];
    return s;
  }
  std::int64_t size() const { return extent[0] * extent[1] * extent[2]; }
};

}  // namespace tamp::fft
