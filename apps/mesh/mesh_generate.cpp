// The in-app mesh generator: a structured grid of squares or cubes cut into simplices, nodes perturbed.
#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "mesh.hpp"

namespace tamp::mesh {
namespace {

// A uniform double in [0, 1) from the engine's bits (std::uniform_real_distribution differs between
// libraries).
double unit(std::mt19937_64& engine) {
  return static_cast<double>(engine() >> 11) * 0x1.0p-53;
}

// Makes element e positively oriented by swapping its last two nodes when needed.
void orient(Mesh& mesh, int e) {
  if (signed_measure(mesh, e) < 0) {
    int* c = mesh.cells.data() + static_cast<std::size_t>(e) * (mesh.dim + 1);
    std::swap(c[mesh.dim - 1], c[mesh.dim]);
  }
}

}  // namespace

Mesh generate_mesh(int dim, long long cells, std::uint64_t seed) {
  if (dim != 2 && dim != 3)
    throw std::invalid_argument("--dims " + std::to_string(dim) + ": expected 2 or 3");
  if (cells < 1 || cells > 200000000)
    throw std::invalid_argument("--elements " + std::to_string(cells) + " is outside [1, 2e8]");
  const int per_box = dim == 2 ? 2 : 6;
  const double boxes = static_cast<double>(cells) / per_box;
  std::array<long long, 3> g{1, 1, 1};
  if (dim == 2) {
    g[0] = std::max(1LL, std::llround(std::sqrt(boxes)));
    g[1] = std::max(1LL, std::llround(boxes / g[0]));
  } else {
    g[0] = g[1] = std::max(1LL, std::llround(std::cbrt(boxes)));
    g[2] = std::max(1LL, std::llround(boxes / (g[0] * g[1])));
  }
  const std::array<long long, 3> nv{g[0] + 1, g[1] + 1, dim == 3 ? g[2] + 1 : 1};
  const auto vid = [&](long long a, long long b, long long c) {
    return static_cast<int>(a + nv[0] * (b + nv[1] * c));
  };

  Mesh mesh;
  mesh.dim = dim;
  mesh.source = "generated";
  std::mt19937_64 engine(seed);
  mesh.coords.resize(static_cast<std::size_t>(nv[0] * nv[1] * nv[2]) * dim);
  for (long long c = 0; c < nv[2]; ++c)
    for (long long b = 0; b < nv[1]; ++b)
      for (long long a = 0; a < nv[0]; ++a) {
        const std::array<long long, 3> p{a, b, c};
        for (int d = 0; d < dim; ++d)
          mesh.coords[static_cast<std::size_t>(vid(a, b, c)) * dim + d] = p[d] + 0.2 * (unit(engine) - 0.5);
      }

  mesh.cells.reserve(static_cast<std::size_t>(g[0] * g[1] * g[2] * per_box * (dim + 1)));
  for (long long c = 0; c < g[2]; ++c)
    for (long long b = 0; b < g[1]; ++b)
      for (long long a = 0; a < g[0]; ++a) {
        if (dim == 2) {
          const int n00 = vid(a, b, 0), n10 = vid(a + 1, b, 0), n11 = vid(a + 1, b + 1, 0);
          const int n01 = vid(a, b + 1, 0);
          if (engine() & 1) {
            mesh.cells.insert(mesh.cells.end(), {n00, n10, n11, n00, n11, n01});
          } else {
            mesh.cells.insert(mesh.cells.end(), {n00, n10, n01, n10, n11, n01});
          }
          continue;
        }
        // Kuhn: one tetrahedron per order of the three axes, along the path from corner 000 to corner 111.
        static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (const auto& order : orders) {
          std::array<long long, 3> p{a, b, c};
          mesh.cells.push_back(vid(p[0], p[1], p[2]));
          for (int step = 0; step < 3; ++step) {
            ++p[order[step]];
            mesh.cells.push_back(vid(p[0], p[1], p[2]));
          }
        }
      }
  for (int e = 0; e < mesh.num_cells(); ++e) orient(mesh, e);
  return mesh;
}

}  // namespace tamp::mesh
