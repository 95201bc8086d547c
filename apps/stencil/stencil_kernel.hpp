// One Jacobi sweep over a box of cells: out = stencil average of in. One file per backend
// (stencil_kernel_openmp.cpp, stencil_kernel_kokkos.cpp); both use stencil_point.hpp and give the same
// numbers.
#pragma once
#include "geometry.hpp"
#include "tamp/app/backend.hpp"

namespace tamp::stencil {

void sweep(app::OpenMPTag, int points, const Layout& layout, const Box& box, const double* in, double* out);
#ifdef TAMP_HAVE_KOKKOS
void sweep(app::KokkosTag, int points, const Layout& layout, const Box& box, const double* in, double* out);
#endif

}  // namespace tamp::stencil
