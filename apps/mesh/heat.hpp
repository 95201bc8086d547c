// Linear heat conduction du/dt = div(grad u) with insulated boundaries, P1 finite elements, lumped mass and
// explicit Euler steps: M_i (u_i' - u_i) / dt = -(K u)_i. K's rows sum to zero, so sum_i M_i u_i (total heat)
// is conserved.
#pragma once
#include <cstdint>

#include "decomposition.hpp"
#include "mesh.hpp"

namespace tamp::mesh {

/// The element stiffness matrix K_ab = |e| grad(phi_a).grad(phi_b), (dim+1)^2 numbers row by row, into `k`;
/// returns the element's measure |e|.
double element_stiffness(const Mesh& mesh, int e, double* k);

/// cfl x 2 / (Gershgorin bound of the largest eigenvalue of M^-1 K): explicit Euler is stable for cfl < 1.
double stable_time_step(const Mesh& mesh, const Decomposition& dec, double cfl);

/// The initial temperature of a node: splitmix64 of its index, scaled to [0, 1) (rough, so that every
/// element's result matters to the check).
inline double initial_temperature(int node) {
  std::uint64_t z = static_cast<std::uint64_t>(node) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

}  // namespace tamp::mesh
