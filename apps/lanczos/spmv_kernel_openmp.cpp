// The OpenMP backend of the local SpMV: rows split statically over the threads (hybrid MPI/OpenMP,
// [Aktulga12] Table 5).
#include "spmv_kernel.hpp"

namespace tamp::lanczos {

void multiply(app::OpenMPTag, const Csr& a, const double* x, double* y) {
  const std::int64_t* offsets = a.offsets.data();
  const std::int32_t* columns = a.columns.data();
  const double* values = a.values.data();
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < a.rows; ++row) {
    double sum = 0.0;
    for (std::int64_t e = offsets[row]; e < offsets[row + 1]; ++e) sum += values[e] * x[columns[e]];
    y[row] = sum;
  }
}

double multiply_bytes(const Csr& a) {
  return static_cast<double>(a.nonzeros()) * (sizeof(double) + sizeof(std::int32_t)) +
         static_cast<double>(a.rows + 1) * sizeof(std::int64_t) +
         static_cast<double>(a.cols + a.rows) * sizeof(double);
}

}  // namespace tamp::lanczos
