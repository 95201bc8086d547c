// The serial reference of a block. Written apart from the kernels (its own loops over the stencil), but
// summing in the same canonical order (dz, dy, dx = -1..1), so a correct distributed run matches it exactly.
#include "reference.hpp"

#include <algorithm>
#include <utility>

#include "initial_field.hpp"

namespace tamp::stencil {
namespace {

struct Extent {
  std::int64_t lo = 0;  // first global cell of the extended box (may be < 0 when periodic: wrapped)
  std::int64_t n = 1;   // cells
  bool wrap = false;    // the whole periodic dimension: halos copied from the opposite side each step
  int halo = 0;
};

std::int64_t wrap_index(std::int64_t i, std::int64_t size) {
  return ((i % size) + size) % size;
}

}  // namespace

std::vector<double> reference_block(const StencilSpec& spec, const std::array<std::int64_t, 3>& lo,
                                    const std::array<int, 3>& n, int steps) {
  std::array<Extent, 3> ext;
  for (int d = 0; d < spec.dims; ++d) {
    const std::int64_t g = spec.global[d];
    Extent& e = ext[d];
    if (spec.periodic && n[d] + 2LL * steps >= g) {
      e = {0, g, true, 1};
    } else if (spec.periodic) {
      e = {lo[d] - steps, n[d] + 2LL * steps, false, 1};
    } else {
      // Clipped at the grid's edge, where the halo of 0 is the true Dirichlet boundary.
      const std::int64_t first = std::max<std::int64_t>(0, lo[d] - steps);
      const std::int64_t last = std::min<std::int64_t>(g, lo[d] + n[d] + steps);
      e = {first, last - first, false, 1};
    }
  }
  // Halo cells on sides that are not wrapped hold 0: a true boundary, or cells farther than `steps` from the
  // block.
  const std::int64_t sx = 1;
  const std::int64_t sy = ext[0].n + 2 * ext[0].halo;
  const std::int64_t sz = sy * (ext[1].n + 2 * ext[1].halo);
  const std::int64_t size = sz * (ext[2].n + 2 * ext[2].halo);
  auto at = [&](std::int64_t i, std::int64_t j, std::int64_t k) {
    return (i + ext[0].halo) * sx + (j + ext[1].halo) * sy + (k + ext[2].halo) * sz;
  };
  std::vector<double> u(static_cast<std::size_t>(size), 0.0);
  std::vector<double> v(u.size(), 0.0);
  for (std::int64_t k = 0; k < ext[2].n; ++k)
    for (std::int64_t j = 0; j < ext[1].n; ++j)
      for (std::int64_t i = 0; i < ext[0].n; ++i) {
        const std::array<std::int64_t, 3> cell{wrap_index(ext[0].lo + i, spec.global[0]),
                                               wrap_index(ext[1].lo + j, spec.global[1]),
                                               wrap_index(ext[2].lo + k, spec.global[2])};
        u[at(i, j, k)] = initial_value(cell, spec.global);
      }

  const bool box = spec.box_stencil();
  const int reach_z = spec.dims == 3 ? 1 : 0;
  const double weight = 1.0 / spec.points;
  for (int step = 0; step < steps; ++step) {
    // Periodic halos, one dimension after the other over the full extent of the others (edges and corners
    // too).
    for (int d = 0; d < 3; ++d) {
      if (!ext[d].wrap) continue;
      const std::int64_t stride = d == 0 ? sx : d == 1 ? sy : sz;
      const std::int64_t last = ext[d].n - 1;
      for (std::int64_t k = -ext[2].halo; k < ext[2].n + ext[2].halo; ++k)
        for (std::int64_t j = -ext[1].halo; j < ext[1].n + ext[1].halo; ++j)
          for (std::int64_t i = -ext[0].halo; i < ext[0].n + ext[0].halo; ++i) {
            const std::int64_t c[3] = {i, j, k};
            if (c[d] != 0) continue;
            const std::int64_t base = at(i, j, k);  // cell 0 of dimension d
            u[base - stride] = u[base + last * stride];
            u[base + (last + 1) * stride] = u[base];
          }
    }
    for (std::int64_t k = 0; k < ext[2].n; ++k)
      for (std::int64_t j = 0; j < ext[1].n; ++j)
        for (std::int64_t i = 0; i < ext[0].n; ++i) {
          const std::int64_t centre = at(i, j, k);
          double sum = 0.0;
          for (int dz = -reach_z; dz <= reach_z; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
              for (int dx = -1; dx <= 1; ++dx) {
                const int moved = (dx != 0) + (dy != 0) + (dz != 0);
                if (box || moved <= 1) sum += u[centre + dx * sx + dy * sy + dz * sz];
              }
          v[centre] = sum * weight;
        }
    std::swap(u, v);
  }

  std::vector<double> block(static_cast<std::size_t>(n[0]) * n[1] * n[2]);
  std::size_t next = 0;
  for (int k = 0; k < n[2]; ++k)
    for (int j = 0; j < n[1]; ++j)
      for (int i = 0; i < n[0]; ++i) {
        // Offset of the block in the extended box (wrapped dimensions start at global cell 0).
        block[next++] = u[at(lo[0] - ext[0].lo + i, lo[1] - ext[1].lo + j, lo[2] - ext[2].lo + k)];
      }
  return block;
}

}  // namespace tamp::stencil
