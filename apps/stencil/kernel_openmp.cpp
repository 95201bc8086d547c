// The OpenMP backend of the sweep.
#include <stdexcept>
#include <string>

#include "kernel.hpp"
#include "stencil_point.hpp"

namespace tamp::stencil {
namespace {

template <int Points>
void sweep_points(const Layout& layout, const Box& box, const double* in, double* out) {
  const std::int64_t sy = layout.stride_y();
  const std::int64_t sz = layout.stride_z();
#pragma omp parallel for collapse(2) schedule(static)
  for (int k = box.lo[2]; k < box.hi[2]; ++k) {
    for (int j = box.lo[1]; j < box.hi[1]; ++j) {
      std::int64_t index = layout.index(box.lo[0], j, k);
      for (int i = box.lo[0]; i < box.hi[0]; ++i, ++index)
        out[index] = stencil_average<Points>(in, index, sy, sz);
    }
  }
}

}  // namespace

void sweep(app::OpenMPTag, int points, const Layout& layout, const Box& box, const double* in, double* out) {
  if (box.empty()) return;
  switch (points) {
    case 5:
      return sweep_points<5>(layout, box, in, out);
    case 9:
      return sweep_points<9>(layout, box, in, out);
    case 7:
      return sweep_points<7>(layout, box, in, out);
    case 27:
      return sweep_points<27>(layout, box, in, out);
  }
  throw std::invalid_argument("no " + std::to_string(points) + "-point stencil");
}

}  // namespace tamp::stencil
