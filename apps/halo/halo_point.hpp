// MiniGhost's stencils at one cell (MG_STENCIL_COMPS), with its order of additions so that both codes round
// alike: the average of the cell and its neighbours in the x-y plane (2D) or in space (3D).
#pragma once
#include <cstdint>

namespace tamp::halo {

template <int Points>
inline double stencil_average(const double* g, std::int64_t c, std::int64_t sy, std::int64_t sz) {
  if constexpr (Points == 5) {
    return (g[c - 1] + g[c - sy] + g[c] + g[c + sy] + g[c + 1]) / 5.0;
  } else if constexpr (Points == 7) {
    return (g[c - sz] + g[c - 1] + g[c - sy] + g[c] + g[c + sy] + g[c + 1] + g[c + sz]) / 7.0;
  } else if constexpr (Points == 9) {
    return (g[c - 1 - sy] + g[c - 1] + g[c - 1 + sy] + g[c - sy] + g[c] + g[c + sy] + g[c + 1 - sy] +
            g[c + 1] + g[c + 1 + sy]) /
           9.0;
  } else {
    static_assert(Points == 27, "5, 7, 9 or 27 points");
    auto slice = [&](std::int64_t o) {
      return g[o - 1 - sy] + g[o - 1] + g[o - 1 + sy] + g[o - sy] + g[o] + g[o + sy] + g[o + 1 - sy] +
             g[o + 1] + g[o + 1 + sy];
    };
    return (slice(c - sz) + slice(c) + slice(c + sz)) / 27.0;
  }
}

}  // namespace tamp::halo
