// The in-app mesh generator: the mapping library's (generate_simplex_mesh), the mesh of `tamp-map gen mesh:`.
#include <stdexcept>
#include <string>
#include <utility>

#include "mesh.hpp"
#include "tamp/generators.hpp"

namespace tamp::mesh {

Mesh generate_mesh(int dim, long long cells, std::uint64_t seed) {
  if (dim != 2 && dim != 3)
    throw std::invalid_argument("--dims " + std::to_string(dim) + ": expected 2 or 3");
  if (cells < 1 || cells > 200000000)
    throw std::invalid_argument("--elements " + std::to_string(cells) + " is outside [1, 2e8]");
  SimplexMeshData generated = generate_simplex_mesh(dim, cells, seed);
  Mesh mesh;
  mesh.dim = dim;
  mesh.source = "generated";
  mesh.coords = std::move(generated.vertices);
  mesh.cells = std::move(generated.cells);  // positively oriented
  return mesh;
}

}  // namespace tamp::mesh
