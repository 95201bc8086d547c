// Element matrices and the stable time step of the heat equation.
#include "heat.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tamp::mesh {

double element_stiffness(const Mesh& mesh, int e, double* k) {
  const int* c = mesh.cell(e);
  const int nv = mesh.vertices_per_cell();
  double grad[4][3] = {};
  double measure = 0;
  const double* x0 = mesh.node(c[0]);
  if (mesh.dim == 2) {
    const double* x1 = mesh.node(c[1]);
    const double* x2 = mesh.node(c[2]);
    const double j00 = x1[0] - x0[0], j10 = x1[1] - x0[1], j01 = x2[0] - x0[0], j11 = x2[1] - x0[1];
    const double det = j00 * j11 - j01 * j10;
    // Rows of the inverse Jacobian are the gradients of phi_1 and phi_2.
    grad[1][0] = j11 / det, grad[1][1] = -j01 / det;
    grad[2][0] = -j10 / det, grad[2][1] = j00 / det;
    measure = det / 2;
  } else {
    double a[3], b[3], d[3];
    for (int i = 0; i < 3; ++i) {
      a[i] = mesh.node(c[1])[i] - x0[i];
      b[i] = mesh.node(c[2])[i] - x0[i];
      d[i] = mesh.node(c[3])[i] - x0[i];
    }
    const double bxd[3] = {b[1] * d[2] - b[2] * d[1], b[2] * d[0] - b[0] * d[2], b[0] * d[1] - b[1] * d[0]};
    const double dxa[3] = {d[1] * a[2] - d[2] * a[1], d[2] * a[0] - d[0] * a[2], d[0] * a[1] - d[1] * a[0]};
    const double axb[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    const double det = a[0] * bxd[0] + a[1] * bxd[1] + a[2] * bxd[2];
    for (int i = 0; i < 3; ++i) {
      grad[1][i] = bxd[i] / det;
      grad[2][i] = dxa[i] / det;
      grad[3][i] = axb[i] / det;
    }
    measure = det / 6;
  }
  for (int i = 0; i < mesh.dim; ++i) {
    grad[0][i] = 0;
    for (int a = 1; a < nv; ++a) grad[0][i] -= grad[a][i];
  }
  for (int a = 0; a < nv; ++a)
    for (int b = 0; b < nv; ++b) {
      double dot = 0;
      for (int i = 0; i < mesh.dim; ++i) dot += grad[a][i] * grad[b][i];
      k[a * nv + b] = measure * dot;
    }
  return measure;
}

double stable_time_step(const Mesh& mesh, const Decomposition& dec, double cfl) {
  const int nv = mesh.vertices_per_cell();
  std::vector<double> row(static_cast<std::size_t>(mesh.num_nodes()), 0.0);  // sum_j |K_ij|
  std::vector<double> mass(static_cast<std::size_t>(mesh.num_nodes()), 0.0);
  double k[16];
  for (int e = 0; e < mesh.num_cells(); ++e) {
    const double measure = element_stiffness(mesh, e, k);
    for (int a = 0; a < nv; ++a) {
      const int i = mesh.cell(e)[a];
      mass[i] += measure / nv;
      for (int b = 0; b < nv; ++b) row[i] += std::abs(k[a * nv + b]);
    }
  }
  double bound = 0;
  for (int i = 0; i < mesh.num_nodes(); ++i)
    if (dec.owner[i] >= 0) bound = std::max(bound, row[i] / mass[i]);
  return cfl * 2.0 / bound;
}

}  // namespace tamp::mesh
