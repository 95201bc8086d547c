// The unstructured mesh shared by the `mesh:` generator and apps/mesh: its generation, element centroids,
// ghost-node messages and quotient graph (the partition is rcb_partition, mesh_rcb.cpp).
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "generators/graph_limits.hpp"
#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {
namespace {

/// A uniform double in [0, 1) from the engine's bits (std::uniform_real_distribution differs between
/// libraries).
double unit_interval(std::mt19937_64& engine) {
  return static_cast<double>(engine() >> 11) * 0x1.0p-53;
}

/// Twice the area (2D) or six times the volume (3D) of cell c, signed: negative when inverted.
double orientation(const SimplexMeshData& m, const int* c) {
  const auto x = [&](int k, int d) { return m.vertices[static_cast<std::size_t>(c[k]) * m.dim + d]; };
  if (m.dim == 2)
    return (x(1, 0) - x(0, 0)) * (x(2, 1) - x(0, 1)) - (x(1, 1) - x(0, 1)) * (x(2, 0) - x(0, 0));
  double a[3], b[3], d[3];
  for (int k = 0; k < 3; ++k) {
    a[k] = x(1, k) - x(0, k);
    b[k] = x(2, k) - x(0, k);
    d[k] = x(3, k) - x(0, k);
  }
  return a[0] * (b[1] * d[2] - b[2] * d[1]) - a[1] * (b[0] * d[2] - b[2] * d[0]) +
         a[2] * (b[0] * d[1] - b[1] * d[0]);
}

}  // namespace

SimplexMeshData generate_simplex_mesh(int dim, long long cells, std::uint64_t seed) {
  require(dim == 2 || dim == 3, "mesh: dimension " + std::to_string(dim) + " (expected 2 or 3)");
  require(cells >= 1 && cells <= 200000000, "mesh: " + std::to_string(cells) + " cells is outside [1, 2e8]");
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

  SimplexMeshData m;
  m.dim = dim;
  std::mt19937_64 engine(seed);
  m.vertices.resize(static_cast<std::size_t>(nv[0] * nv[1] * nv[2]) * dim);
  for (long long c = 0; c < nv[2]; ++c)
    for (long long b = 0; b < nv[1]; ++b)
      for (long long a = 0; a < nv[0]; ++a) {
        const std::array<long long, 3> p{a, b, c};
        // Up to 1/10 of the spacing: every cell stays positively oriented.
        for (int d = 0; d < dim; ++d)
          m.vertices[static_cast<std::size_t>(vid(a, b, c)) * dim + d] =
              p[d] + 0.2 * (unit_interval(engine) - 0.5);
      }

  m.cells.reserve(static_cast<std::size_t>(g[0] * g[1] * g[2] * per_box * (dim + 1)));
  for (long long c = 0; c < g[2]; ++c)
    for (long long b = 0; b < g[1]; ++b)
      for (long long a = 0; a < g[0]; ++a) {
        if (dim == 2) {
          const int v00 = vid(a, b, 0), v10 = vid(a + 1, b, 0), v11 = vid(a + 1, b + 1, 0);
          const int v01 = vid(a, b + 1, 0);
          if (engine() & 1) {  // seeded choice of diagonal: an irregular connectivity
            m.cells.insert(m.cells.end(), {v00, v10, v11, v00, v11, v01});
          } else {
            m.cells.insert(m.cells.end(), {v00, v10, v01, v10, v11, v01});
          }
          continue;
        }
        // Kuhn's 6 tetrahedra: paths 000 -> 111 along the axes in each order; the same in every cube, so
        // conforming.
        static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (const auto& order : orders) {
          std::array<long long, 3> p{a, b, c};
          m.cells.push_back(vid(p[0], p[1], p[2]));
          for (int step = 0; step < 3; ++step) {
            ++p[order[step]];
            m.cells.push_back(vid(p[0], p[1], p[2]));
          }
        }
      }
  // Positively oriented: the last two vertices of an inverted cell swapped.
  for (std::size_t c = 0; c < m.cells.size(); c += dim + 1)
    if (orientation(m, m.cells.data() + c) < 0) std::swap(m.cells[c + dim - 1], m.cells[c + dim]);
  return m;
}

std::vector<double> simplex_centroids(int dim, const std::vector<double>& vertices,
                                      const std::vector<int>& cells) {
  const int nv = dim + 1;
  const std::size_t n = cells.size() / nv;
  std::vector<double> centroid(n * dim, 0.0);
  for (std::size_t e = 0; e < n; ++e)
    for (int a = 0; a < nv; ++a)
      for (int d = 0; d < dim; ++d)
        centroid[e * dim + d] += vertices[static_cast<std::size_t>(cells[e * nv + a]) * dim + d] / nv;
  return centroid;
}

std::vector<std::array<int, 3>> mesh_ghost_messages(int dim, int num_nodes, const std::vector<int>& cells,
                                                    const std::vector<int>& part, std::vector<int>& owner) {
  const int nv = dim + 1;
  const std::size_t n = cells.size() / nv;
  require(part.size() == n,
          "mesh: " + std::to_string(part.size()) + " part ids for " + std::to_string(n) + " cells");
  owner.assign(static_cast<std::size_t>(num_nodes), -1);
  for (std::size_t e = 0; e < n; ++e)
    for (int a = 0; a < nv; ++a) {
      int& o = owner[cells[e * nv + a]];
      o = o < 0 ? part[e] : std::min(o, part[e]);
    }
  // Every chunk computing cell e (the owners of its nodes) needs each of its nodes, from the owner.
  std::vector<std::array<int, 3>> messages;
  std::vector<int> chunks;
  for (std::size_t e = 0; e < n; ++e) {
    chunks.clear();
    for (int a = 0; a < nv; ++a) {
      const int q = owner[cells[e * nv + a]];
      if (std::find(chunks.begin(), chunks.end(), q) == chunks.end()) chunks.push_back(q);
    }
    if (chunks.size() == 1) continue;
    for (int a = 0; a < nv; ++a) {
      const int i = cells[e * nv + a];
      for (int q : chunks)
        if (q != owner[i]) messages.push_back({owner[i], q, i});
    }
  }
  std::sort(messages.begin(), messages.end());
  messages.erase(std::unique(messages.begin(), messages.end()), messages.end());
  return messages;
}

TaskGraph mesh_quotient_graph(int dim, const std::vector<double>& vertices, const std::vector<int>& cells,
                              const std::vector<int>& part, int parts) {
  std::vector<int> owner;
  const int num_nodes = static_cast<int>(vertices.size() / dim);
  std::vector<Edge> edges;
  for (const auto& m : mesh_ghost_messages(dim, num_nodes, cells, part, owner))
    edges.push_back({m[0], m[1], 8.0});  // one double per ghost node; merged by from_edges
  TaskGraph graph = TaskGraph::from_edges(parts, std::move(edges));
  // The mean of each part's cell centroids.
  const std::vector<double> centroid = simplex_centroids(dim, vertices, cells);
  std::vector<double> xyz(static_cast<std::size_t>(parts) * dim, 0.0);
  std::vector<double> count(static_cast<std::size_t>(parts), 0.0);
  for (std::size_t e = 0; e < part.size(); ++e) {
    count[part[e]] += 1;
    for (int d = 0; d < dim; ++d) xyz[static_cast<std::size_t>(part[e]) * dim + d] += centroid[e * dim + d];
  }
  for (int p = 0; p < parts; ++p)
    for (int d = 0; d < dim; ++d)
      if (count[p] > 0) xyz[static_cast<std::size_t>(p) * dim + d] /= count[p];
  graph.set_coordinates(dim, std::move(xyz));
  return graph;
}

TaskGraph make_mesh_graph(const MeshGraphSpec& spec) {
  require(spec.parts >= 1, "mesh graph: " + std::to_string(spec.parts) + " parts");
  impl::require_graph_size("mesh graph", static_cast<double>(spec.parts), 0);
  const long long cells = spec.cells > 0 ? spec.cells : 100LL * spec.parts;
  const SimplexMeshData mesh = generate_simplex_mesh(spec.dim, cells, spec.seed);
  const auto num_cells = static_cast<long long>(mesh.cells.size()) / (mesh.dim + 1);
  require(spec.parts <= num_cells, "mesh graph: " + std::to_string(spec.parts) + " parts for a mesh of " +
                                       std::to_string(num_cells) + " cells");
  const std::vector<int> part =
      rcb_partition(simplex_centroids(mesh.dim, mesh.vertices, mesh.cells), mesh.dim, spec.parts);
  return mesh_quotient_graph(mesh.dim, mesh.vertices, mesh.cells, part, spec.parts);
}

}  // namespace tamp
