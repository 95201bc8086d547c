// The mesh problem's command-line options and the validated settings they describe.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace tamp::mesh {

/// What the command line says, before validation.
struct MeshOptions {
  std::string mesh = "gen";          // "gen" (generated) or the path of a Gmsh .msh file
  int dims = 2;                      // generated meshes: 2 (triangles) or 3 (tetrahedra)
  long long elements = 0;            // generated meshes: about this many elements in all (strong scaling)
  long long per_rank = 0;            // ... or per rank (weak scaling); default 2000 when neither is given
  std::uint64_t mesh_seed = 1;       // generated meshes: diagonals and node perturbation
  std::string partitioner = "auto";  // metis | scotch | rcb | auto (metis when built)
  std::uint64_t partition_seed = 1;  // METIS / Scotch seed
  double cfl = 0.5;                  // time step as a fraction of the explicit stability bound
  int iterations = 20;               // timed
  int warmup = 1;                    // untimed, before the timed loop
};
std::ostream& operator<<(std::ostream& os, const MeshOptions& options);
void add_mesh_options(CLI::App& cli, MeshOptions& options);

/// Validated settings.
struct MeshSpec {
  std::string mesh = "gen";
  int dims = 2;
  long long elements = 0;  // generated meshes: the requested count
  std::uint64_t mesh_seed = 1;
  std::string partitioner = "metis";  // resolved
  std::uint64_t partition_seed = 1;
  double cfl = 0.5;
  int iterations = 20;
  int warmup = 1;
  bool generated() const { return mesh == "gen"; }
};

/// Checks the options against the rank count; throws std::invalid_argument with a one-line message.
MeshSpec make_spec(const MeshOptions& options, int ranks);

}  // namespace tamp::mesh
