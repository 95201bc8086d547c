// Verification without communication: a rank recomputes its own block serially from the initial field.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "stencil_spec.hpp"

namespace tamp::stencil {

/// Values of the cells [lo, lo + n) after `steps` sweeps, dimension 0 fastest. Computed over the block's
/// domain of dependence: the block extended by `steps` cells per side, clipped at boundaries that are not
/// periodic, or the whole (wrapped) dimension when the extension covers it. Cost: (n + 2 steps)^D cells per
/// step, at most the grid.
std::vector<double> reference_block(const StencilSpec& spec, const std::array<std::int64_t, 3>& lo,
                                    const std::array<int, 3>& n, int steps);

}  // namespace tamp::stencil
