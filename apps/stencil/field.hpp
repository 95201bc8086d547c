// Storage of a stencil field (halo included), zero-initialised like std::vector<double>: 64-byte aligned, and
// on huge pages when large (tamp/app/huge_pages.hpp). sweep_row_7.hpp's aligned loads need `in` and `out` at
// the same distance from a 64-byte boundary, which two Fields of one layout are.
#pragma once
#include <vector>

#include "tamp/app/huge_pages.hpp"

namespace tamp::stencil {

using Field = std::vector<double, app::HugePageAllocator<double>>;

}  // namespace tamp::stencil
