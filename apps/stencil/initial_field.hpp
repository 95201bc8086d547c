// The initial field: a deterministic, non-constant function of the global cell, the same on every rank.
#pragma once
#include <array>
#include <cstdint>

namespace tamp::stencil {

/// splitmix64 of the global linear index (dimension 0 fastest), scaled to [0, 1).
inline double initial_value(const std::array<std::int64_t, 3>& cell,
                            const std::array<std::int64_t, 3>& global) {
  std::uint64_t z = static_cast<std::uint64_t>(cell[0] + global[0] * (cell[1] + global[1] * cell[2]));
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

}  // namespace tamp::stencil
