// A ParFUM-like unstructured mesh, partitioned by recursive coordinate bisection; its quotient graph is the
// task graph.
#include "generators/mesh.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {
namespace impl {
namespace {

/// A uniform double in [0, 1) from the engine's bits (std::uniform_real_distribution differs between
/// libraries).
double unit(std::mt19937_64& engine) {
  return static_cast<double>(engine() >> 11) * 0x1.0p-53;
}

/// A face: its sorted vertex ids (-1 pads a 2D edge), then the cell it bounds.
using FaceKey = std::array<int, 4>;

}  // namespace

SimplexMesh make_simplex_mesh(int dim, long long cells, std::uint64_t seed) {
  require(dim == 2 || dim == 3, "mesh: dimension " + std::to_string(dim) + " (expected 2 or 3)");
  require(cells >= 1 && cells <= 100000000, "mesh: " + std::to_string(cells) + " cells is outside [1, 1e8]");
  const int per_box = dim == 2 ? 2 : 6;
  std::array<long long, 3> g{1, 1, 1};
  const double boxes = static_cast<double>(cells) / per_box;
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

  std::mt19937_64 engine(seed);
  std::vector<double> vx(static_cast<std::size_t>(nv[0] * nv[1] * nv[2]) * dim);
  for (long long c = 0; c < nv[2]; ++c)
    for (long long b = 0; b < nv[1]; ++b)
      for (long long a = 0; a < nv[0]; ++a) {
        const std::array<long long, 3> p{a, b, c};
        for (int d = 0; d < dim; ++d)
          vx[static_cast<std::size_t>(vid(a, b, c)) * dim + d] = p[d] + 0.5 * (unit(engine) - 0.5);
      }

  // Cells as vertex lists.
  std::vector<std::array<int, 4>> simplices;
  simplices.reserve(static_cast<std::size_t>(g[0] * g[1] * g[2] * per_box));
  for (long long c = 0; c < g[2]; ++c)
    for (long long b = 0; b < g[1]; ++b)
      for (long long a = 0; a < g[0]; ++a) {
        if (dim == 2) {
          const int v00 = vid(a, b, 0), v10 = vid(a + 1, b, 0), v01 = vid(a, b + 1, 0),
                    v11 = vid(a + 1, b + 1, 0);
          if (engine() >> 63) {  // seeded choice of diagonal: an irregular connectivity
            simplices.push_back({v00, v10, v11, -1});
            simplices.push_back({v00, v11, v01, -1});
          } else {
            simplices.push_back({v00, v10, v01, -1});
            simplices.push_back({v10, v11, v01, -1});
          }
        } else {
          // Kuhn's 6 tetrahedra: paths 000 -> 111 along the axes in each order; the same in every cube, so
          // conforming.
          std::array<int, 3> perm{0, 1, 2};
          do {
            std::array<long long, 3> p{a, b, c};
            std::array<int, 4> t{};
            t[0] = vid(p[0], p[1], p[2]);
            for (int k = 0; k < 3; ++k) {
              ++p[perm[k]];
              t[k + 1] = vid(p[0], p[1], p[2]);
            }
            simplices.push_back(t);
          } while (std::next_permutation(perm.begin(), perm.end()));
        }
      }

  SimplexMesh mesh;
  mesh.dim = dim;
  mesh.num_cells = static_cast<int>(simplices.size());
  mesh.centroids.assign(simplices.size() * dim, 0.0);
  const int nvert = dim + 1;
  std::vector<FaceKey> faces;
  faces.reserve(simplices.size() * nvert);
  for (std::size_t s = 0; s < simplices.size(); ++s) {
    for (int k = 0; k < nvert; ++k)
      for (int d = 0; d < dim; ++d)
        mesh.centroids[s * dim + d] += vx[static_cast<std::size_t>(simplices[s][k]) * dim + d] / nvert;
    for (int skip = 0; skip < nvert; ++skip) {
      FaceKey f{-1, -1, -1, static_cast<int>(s)};
      int m = 0;
      for (int k = 0; k < nvert; ++k)
        if (k != skip) f[m++] = simplices[s][k];
      // Sort the m <= 3 ids by hand (std::sort on the small array trips GCC 12's -Warray-bounds).
      if (f[0] > f[1]) std::swap(f[0], f[1]);
      if (m == 3 && f[1] > f[2]) std::swap(f[1], f[2]);
      if (f[0] > f[1]) std::swap(f[0], f[1]);
      faces.push_back(f);
    }
  }
  std::sort(faces.begin(), faces.end());  // equal faces side by side, lower cell first
  const auto same_face = [](const FaceKey& x, const FaceKey& y) {
    return x[0] == y[0] && x[1] == y[1] && x[2] == y[2];
  };
  for (std::size_t k = 0; k + 1 < faces.size(); ++k)
    if (same_face(faces[k], faces[k + 1])) {
      mesh.face_pairs.push_back({faces[k][3], faces[k + 1][3]});
      ++k;  // a face has at most two cells
    }
  return mesh;
}

}  // namespace impl

TaskGraph make_mesh_graph(const MeshGraphSpec& spec) {
  require(spec.parts >= 1, "mesh graph: " + std::to_string(spec.parts) + " parts");
  const long long cells = spec.cells > 0 ? spec.cells : 100LL * spec.parts;
  const impl::SimplexMesh mesh = impl::make_simplex_mesh(spec.dim, cells, spec.seed);
  require(spec.parts <= mesh.num_cells, "mesh graph: " + std::to_string(spec.parts) +
                                            " parts for a mesh of " + std::to_string(mesh.num_cells) +
                                            " cells");
  const std::vector<int> part = impl::rcb_partition(mesh.centroids, mesh.dim, spec.parts);

  // Ghost exchange: both parts send 8 bytes per shared face (parallel edges are merged by from_edges).
  std::vector<Edge> edges;
  for (const auto& fp : mesh.face_pairs) {
    const int p = part[fp[0]], q = part[fp[1]];
    if (p == q) continue;
    edges.push_back({p, q, 8.0});
    edges.push_back({q, p, 8.0});
  }
  std::vector<double> xyz(static_cast<std::size_t>(spec.parts) * mesh.dim, 0.0);
  std::vector<long long> count(spec.parts, 0);
  for (int c = 0; c < mesh.num_cells; ++c) {
    ++count[part[c]];
    for (int d = 0; d < mesh.dim; ++d)
      xyz[static_cast<std::size_t>(part[c]) * mesh.dim + d] +=
          mesh.centroids[static_cast<std::size_t>(c) * mesh.dim + d];
  }
  for (int p = 0; p < spec.parts; ++p)
    for (int d = 0; d < mesh.dim; ++d) xyz[static_cast<std::size_t>(p) * mesh.dim + d] /= count[p];
  TaskGraph graph = TaskGraph::from_edges(spec.parts, std::move(edges));
  graph.set_coordinates(mesh.dim, std::move(xyz));
  return graph;
}

}  // namespace tamp
