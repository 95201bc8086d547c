// The update of one cell, shared by every backend so that they add in the same order and agree bitwise:
// the average of the stencil's points (centre included), summed in the canonical order dz, dy, dx = -1..1.
#pragma once
#include <array>
#include <cstdint>

namespace tamp::stencil {

/// Offsets (dx, dy, dz) of a 5/9-point (2D) or 7/27-point (3D) stencil, dz slowest, dx fastest.
template <int Points>
constexpr std::array<std::array<int, 3>, Points> stencil_offsets() {
  static_assert(Points == 5 || Points == 9 || Points == 7 || Points == 27, "stencils: 5, 9 (2D), 7, 27 (3D)");
  constexpr int reach_z = Points == 7 || Points == 27 ? 1 : 0;
  constexpr bool box = Points == 9 || Points == 27;
  std::array<std::array<int, 3>, Points> out{};
  int n = 0;
  for (int dz = -reach_z; dz <= reach_z; ++dz) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int moved = (dx != 0) + (dy != 0) + (dz != 0);
        if (box || moved <= 1) out[n++] = {dx, dy, dz};
      }
    }
  }
  return out;
}

/// New value of the cell at `index` of a field with strides (1, sy, sz).
template <int Points>
inline double stencil_average(const double* u, std::int64_t index, std::int64_t sy, std::int64_t sz) {
  constexpr auto offsets = stencil_offsets<Points>();
  double sum = 0.0;
#pragma GCC unroll 27
  for (const auto& o : offsets) sum += u[index + o[0] + o[1] * sy + o[2] * sz];
  return sum * (1.0 / Points);
}

}  // namespace tamp::stencil
