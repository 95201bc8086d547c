// Packing and unpacking: a strided 3D box copy. One file per backend (copy_kernel_openmp.cpp,
// copy_kernel_kokkos.cpp); both copy the same elements, so results are bitwise equal.
#pragma once
#include <complex>

#include "stage.hpp"
#include "tamp/app/backend.hpp"

namespace tamp::fft {

using Complex = std::complex<double>;

void copy_box(app::OpenMPTag, const CopyBox& box, const Complex* src, Complex* dst);
#ifdef TAMP_HAVE_KOKKOS
void copy_box(app::KokkosTag, const CopyBox& box, const Complex* src, Complex* dst);
#endif

}  // namespace tamp::fft
