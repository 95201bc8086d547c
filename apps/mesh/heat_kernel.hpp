// The two loops of a step: element contributions (over a range of local elements) and the update of the owned
// nodes. One file per backend (heat_kernel_openmp.cpp, heat_kernel_kokkos.cpp); both use heat_point.hpp.
#pragma once
#include "chunk.hpp"
#include "tamp/app/backend.hpp"

namespace tamp::mesh {

void element_loop(app::OpenMPTag, const Chunk& chunk, int first, int last, const double* u,
                  double* contribution);
void node_loop(app::OpenMPTag, const Chunk& chunk, const double* u, const double* contribution, double* next);
#ifdef TAMP_HAVE_KOKKOS
void element_loop(app::KokkosTag, const Chunk& chunk, int first, int last, const double* u,
                  double* contribution);
void node_loop(app::KokkosTag, const Chunk& chunk, const double* u, const double* contribution, double* next);
#endif

}  // namespace tamp::mesh
