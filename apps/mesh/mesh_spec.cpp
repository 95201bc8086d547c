// Parsing and validation of the mesh options: every rank reaches the same verdict without communicating.
#include "mesh_spec.hpp"

#include <CLI/CLI.hpp>
#include <ostream>
#include <stdexcept>

#include "partition.hpp"
#include "tamp/app/iteration_options.hpp"
#include "tamp/cli/validators.hpp"

namespace tamp::mesh {

std::ostream& operator<<(std::ostream& os, const MeshOptions& o) {
  os << "  mesh           " << o.mesh << '\n';
  os << "  dims           " << o.dims << '\n';
  os << "  elements       " << o.elements << '\n';
  os << "  per-rank       " << o.per_rank << '\n';
  os << "  mesh-seed      " << o.mesh_seed << '\n';
  os << "  partitioner    " << o.partitioner << '\n';
  os << "  partition-seed " << o.partition_seed << '\n';
  os << "  cfl            " << o.cfl << '\n';
  os << "  iterations     " << o.iterations << '\n';
  os << "  warmup         " << o.warmup << '\n';
  return os;
}

void add_mesh_options(CLI::App& cli, MeshOptions& o) {
  cli.add_option("--mesh", o.mesh, "'gen' (generated) or a Gmsh .msh file (ASCII 2.2 or 4.1)")
      ->capture_default_str();
  cli.add_option("--dims", o.dims, "Generated mesh: 2 (triangles) or 3 (tetrahedra)")
      ->check(CLI::IsMember({2, 3}))
      ->capture_default_str();
  auto* elements = cli.add_option("--elements", o.elements, "Generated mesh: about this many elements in all")
                       ->check(CLI::Range(1LL, 200000000LL));
  auto* per_rank =
      cli.add_option("--per-rank", o.per_rank, "Generated mesh: about this many elements per rank [2000]")
          ->check(CLI::Range(1LL, 10000000LL));
  elements->excludes(per_rank);
  cli.add_option("--mesh-seed", o.mesh_seed, "Generated mesh: seed of the diagonals and node perturbation")
      ->check(tamp::cli::unsigned_integer())
      ->capture_default_str();
  cli.add_option("--partitioner", o.partitioner, "metis, scotch, rcb or auto (metis when built)")
      ->check(CLI::IsMember({"metis", "scotch", "rcb", "auto"}))
      ->capture_default_str();
  cli.add_option("--partition-seed", o.partition_seed, "Seed of METIS / Scotch")
      ->check(tamp::cli::unsigned_integer())
      ->capture_default_str();
  cli.add_option("--cfl", o.cfl, "Time step as a fraction of the explicit stability bound (0, 1)")
      ->check(tamp::cli::finite_number())
      ->check(CLI::Range(1e-6, 0.999))
      ->capture_default_str();
  app::add_iteration_options(cli, o.iterations, o.warmup, "Timed iterations",
                             "Untimed iterations before the timed loop");
}

MeshSpec make_spec(const MeshOptions& o, int ranks) {
  MeshSpec spec;
  spec.mesh = o.mesh;
  spec.dims = o.dims;
  if (!spec.generated() && (o.elements || o.per_rank))
    throw std::invalid_argument("--elements and --per-rank size a generated mesh, not --mesh " + o.mesh);
  spec.elements = o.elements ? o.elements : (o.per_rank ? o.per_rank : 2000) * static_cast<long long>(ranks);
  if (spec.generated() && spec.elements > 200000000)
    throw std::invalid_argument(std::to_string(spec.elements / ranks) + " elements per rank x " +
                                std::to_string(ranks) + " ranks is more than 2e8 elements");
  spec.mesh_seed = o.mesh_seed;
  spec.partitioner = resolve_partitioner(o.partitioner);
  spec.partition_seed = o.partition_seed;
  spec.cfl = o.cfl;
  spec.iterations = o.iterations;
  spec.warmup = o.warmup;
  return spec;
}

}  // namespace tamp::mesh
