// The OpenMP backend: each element writes its own contributions, each node reads them, so no loop has a race.
#include "heat_kernel.hpp"
#include "heat_point.hpp"

namespace tamp::mesh {
namespace {

template <int NV>
void elements(const Chunk& chunk, int first, int last, const double* u, double* contribution) {
  const double* k = chunk.stiffness.data();
  const int* conn = chunk.conn.data();
#pragma omp parallel for schedule(static)
  for (int e = first; e < last; ++e) {
    element_contribution<NV>(k + static_cast<std::size_t>(e) * NV * NV,
                             conn + static_cast<std::size_t>(e) * NV, u,
                             contribution + static_cast<std::size_t>(e) * NV);
  }
}

}  // namespace

void element_loop(app::OpenMPTag, const Chunk& chunk, int first, int last, const double* u,
                  double* contribution) {
  if (chunk.nv == 3) return elements<3>(chunk, first, last, u, contribution);
  elements<4>(chunk, first, last, u, contribution);
}

void node_loop(app::OpenMPTag, const Chunk& chunk, const double* u, const double* contribution,
               double* next) {
  const int* offsets = chunk.gather_offsets.data();
  const int* entries = chunk.gather_entries.data();
  const double* som = chunk.step_over_mass.data();
#pragma omp parallel for schedule(static)
  for (int i = 0; i < chunk.owned; ++i) {
    next[i] = node_update(u[i], som[i], contribution, entries, offsets[i], offsets[i + 1]);
  }
}

}  // namespace tamp::mesh
