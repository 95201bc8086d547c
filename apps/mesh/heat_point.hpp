// The arithmetic of one element and one node, shared by every backend and the serial reference so that all
// of them give bitwise-equal results.
#pragma once

namespace tamp::mesh {

/// contribution[a] = sum_b K[a][b] u[conn[b]]: the element's share of (K u) at its node a.
template <int NV>
inline void element_contribution(const double* k, const int* conn, const double* u, double* contribution) {
  double ue[NV];
  for (int b = 0; b < NV; ++b) ue[b] = u[conn[b]];
  for (int a = 0; a < NV; ++a) {
    double sum = 0;
    for (int b = 0; b < NV; ++b) sum += k[a * NV + b] * ue[b];
    contribution[a] = sum;
  }
}

/// u_i - dt / M_i (K u)_i, the element shares summed in the order of the gather list.
inline double node_update(double u, double step_over_mass, const double* contribution, const int* entries,
                          int begin, int end) {
  double r = 0;
  for (int s = begin; s < end; ++s) r += contribution[entries[s]];
  return u - step_over_mass * r;
}

}  // namespace tamp::mesh
