// One stencil sweep of one variable over the owned cells: out = stencil average of in. One file per backend
// (halo_kernel_openmp.cpp, halo_kernel_kokkos.cpp); both use halo_point.hpp and give the same numbers.
#pragma once
#include "halo_block.hpp"
#include "tamp/app/backend.hpp"

namespace tamp::halo {

void sweep(app::OpenMPTag, int points, const BlockLayout& layout, const double* in, double* out);
#ifdef TAMP_HAVE_KOKKOS
void sweep(app::KokkosTag, int points, const BlockLayout& layout, const double* in, double* out);
#endif

}  // namespace tamp::halo
