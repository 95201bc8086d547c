// Element measures, the validity check of a mesh, and its element (dual) graph.
#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "mesh.hpp"

namespace tamp::mesh {

std::string Mesh::describe_cell(int e) const {
  std::string text = "element " + std::to_string(e);
  if (static_cast<std::size_t>(e) < cell_tags.size()) {
    text +=
        " (tag " + std::to_string(cell_tags[e]) + ", " + source + ":" + std::to_string(cell_lines[e]) + ")";
  }
  return text;
}

double signed_measure(const Mesh& mesh, int e) {
  const int* c = mesh.cell(e);
  const double* x0 = mesh.node(c[0]);
  if (mesh.dim == 2) {
    const double* x1 = mesh.node(c[1]);
    const double* x2 = mesh.node(c[2]);
    return 0.5 * ((x1[0] - x0[0]) * (x2[1] - x0[1]) - (x1[1] - x0[1]) * (x2[0] - x0[0]));
  }
  double a[3], b[3], d[3];
  for (int k = 0; k < 3; ++k) {
    a[k] = mesh.node(c[1])[k] - x0[k];
    b[k] = mesh.node(c[2])[k] - x0[k];
    d[k] = mesh.node(c[3])[k] - x0[k];
  }
  const double det = a[0] * (b[1] * d[2] - b[2] * d[1]) - a[1] * (b[0] * d[2] - b[2] * d[0]) +
                     a[2] * (b[0] * d[1] - b[1] * d[0]);
  return det / 6.0;
}

void check_mesh(const Mesh& mesh) {
  const int n = mesh.num_cells();
  if (n == 0)
    throw std::invalid_argument(mesh.source + ": the mesh has no " +
                                std::string(mesh.dim == 2 ? "triangle" : "tetrahedron"));
  const int nodes = mesh.num_nodes();
  for (int e = 0; e < n; ++e) {
    for (int a = 0; a < mesh.vertices_per_cell(); ++a) {
      if (mesh.cell(e)[a] < 0 || mesh.cell(e)[a] >= nodes)
        throw std::invalid_argument(mesh.describe_cell(e) + " refers to a node that does not exist");
    }
  }
  std::vector<double> measure(static_cast<std::size_t>(n));
  double total = 0;
  for (int e = 0; e < n; ++e) {
    measure[e] = signed_measure(mesh, e);
    total += std::abs(measure[e]);
  }
  const double tiny = 1e-12 * total / n;
  for (int e = 0; e < n; ++e) {
    if (measure[e] < -tiny) {
      throw std::invalid_argument(mesh.describe_cell(e) + " is inverted (signed " +
                                  (mesh.dim == 2 ? "area " : "volume ") + std::to_string(measure[e]) + ")");
    }
    if (measure[e] <= tiny)
      throw std::invalid_argument(mesh.describe_cell(e) + " is degenerate (zero measure)");
  }
}

ElementGraph element_graph(const Mesh& mesh) {
  // A face: its sorted node ids (-1 pads an edge of a triangle), then the element it bounds.
  using Face = std::array<int, 4>;
  const int nv = mesh.vertices_per_cell();
  std::vector<Face> faces;
  faces.reserve(static_cast<std::size_t>(mesh.num_cells()) * nv);
  for (int e = 0; e < mesh.num_cells(); ++e) {
    const int* c = mesh.cell(e);
    for (int skip = 0; skip < nv; ++skip) {
      Face f{-1, -1, -1, e};
      int k = 0;
      for (int a = 0; a < nv; ++a)
        if (a != skip) f[k++] = c[a];
      for (int x = 1; x < k; ++x)  // insertion sort of 2 or 3 ids
        for (int y = x; y > 0 && f[y - 1] > f[y]; --y) std::swap(f[y - 1], f[y]);
      faces.push_back(f);
    }
  }
  std::sort(faces.begin(), faces.end());
  std::vector<std::array<int, 2>> pairs;
  for (std::size_t i = 0; i + 1 < faces.size();) {
    std::size_t j = i + 1;
    while (j < faces.size() && std::equal(faces[i].begin(), faces[i].begin() + 3, faces[j].begin())) ++j;
    if (j - i > 2) {
      throw std::invalid_argument(mesh.describe_cell(faces[i][3]) + " shares a face with " +
                                  std::to_string(j - i - 1) + " other elements (not a conforming mesh)");
    }
    if (j - i == 2) pairs.push_back({faces[i][3], faces[i + 1][3]});
    i = j;
  }
  ElementGraph g;
  g.faces = static_cast<long long>(pairs.size());
  std::vector<int> degree(static_cast<std::size_t>(mesh.num_cells()) + 1, 0);
  for (const auto& p : pairs) {
    ++degree[p[0] + 1];
    ++degree[p[1] + 1];
  }
  g.offsets.assign(degree.size(), 0);
  for (std::size_t i = 1; i < degree.size(); ++i) g.offsets[i] = g.offsets[i - 1] + degree[i];
  g.neighbours.resize(static_cast<std::size_t>(g.offsets.back()));
  std::vector<int> fill(g.offsets.begin(), g.offsets.end() - 1);
  for (const auto& p : pairs) {
    g.neighbours[fill[p[0]]++] = p[1];
    g.neighbours[fill[p[1]]++] = p[0];
  }
  return g;
}

}  // namespace tamp::mesh
