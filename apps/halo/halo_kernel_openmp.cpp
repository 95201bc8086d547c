// The OpenMP backend of the sweep: planes shared among the threads.
#include <stdexcept>
#include <string>

#include "halo_kernel.hpp"
#include "halo_point.hpp"

namespace tamp::halo {
namespace {

// in and out never overlap: __restrict lets the compiler vectorise the row loop as Fortran compilers do.
template <int Points>
void sweep_points(const BlockLayout& layout, const double* __restrict in, double* __restrict out) {
  const std::int64_t sy = layout.sy();
  const std::int64_t sz = layout.sz();
  const int nx = layout.n[0], ny = layout.n[1], nz = layout.n[2];
#pragma omp parallel for collapse(2) schedule(static)
  for (int k = 1; k <= nz; ++k) {
    for (int j = 1; j <= ny; ++j) {
      std::int64_t c = layout.index(1, j, k);
      for (int i = 1; i <= nx; ++i, ++c) out[c] = stencil_average<Points>(in, c, sy, sz);
    }
  }
}

}  // namespace

void sweep(app::OpenMPTag, int points, const BlockLayout& layout, const double* in, double* out) {
  switch (points) {
    case 5:
      return sweep_points<5>(layout, in, out);
    case 9:
      return sweep_points<9>(layout, in, out);
    case 7:
      return sweep_points<7>(layout, in, out);
    case 27:
      return sweep_points<27>(layout, in, out);
  }
  throw std::invalid_argument("no " + std::to_string(points) + "-point stencil");
}

}  // namespace tamp::halo
