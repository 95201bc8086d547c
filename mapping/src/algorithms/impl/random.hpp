// A portable seeded shuffle: std::shuffle's result differs between standard libraries, this one does not.
#pragma once
#include <cstdint>
#include <random>
#include <vector>

namespace tamp::impl {

/// Fisher-Yates with mt19937_64 and rejection sampling: the same seed gives the same order everywhere.
template <typename T>
void portable_shuffle(std::vector<T>& values, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  for (std::size_t i = values.size(); i > 1; --i) {
    const std::uint64_t bound = i;
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    std::uint64_t r;
    do r = engine(); while (r >= limit);
    std::swap(values[i - 1], values[r % bound]);
  }
}

}  // namespace tamp::impl
