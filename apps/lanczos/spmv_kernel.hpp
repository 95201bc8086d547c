// The local SpMV y = A x over the rows of a CSR block. One file per backend (spmv_kernel_openmp.cpp,
// spmv_kernel_kokkos.cpp); both sum each row in the same order, so they give bitwise-equal results.
#pragma once
#include "block.hpp"
#include "tamp/app/backend.hpp"

namespace tamp::lanczos {

void multiply(app::OpenMPTag, const Csr& a, const double* x, double* y);
#ifdef TAMP_HAVE_KOKKOS
void multiply(app::KokkosTag, const Csr& a, const double* x, double* y);
#endif

/// Bytes a product moves at least: values and column indices once, row offsets, x read once, y written.
double multiply_bytes(const Csr& a);

}  // namespace tamp::lanczos
