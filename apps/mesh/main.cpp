// tamp-mesh: a ParFUM-like unstructured-mesh proxy. Explicit P1 heat conduction on a 2D triangle or 3D
// tetrahedral mesh (generated, or read from a Gmsh file), partitioned into one chunk per rank, ghost nodes
// exchanged every step, run under one or more placements of the ranks, each timed, verified and reported
// next to its hop-bytes.
//
// Sample runs (tests/mpi runs each of these lines from the source tree's root):
//   mpirun -np 4 tamp-mesh --dims 2 --per-rank 500 --iterations 5
//   mpirun -np 8 tamp-mesh --dims 3 --elements 6000 --compare default,greedy,geom,auto
//   mpirun -np 4 tamp-mesh --mesh inputs/meshes/square-v22.msh --partitioner scotch --compare default,rb
//   mpirun -np 8 tamp-mesh --mesh inputs/meshes/cube-v41.msh --compare default,geom-rs
//   mpirun -np 4 tamp-mesh --mesh inputs/meshes/disk-v41.msh --partitioner rcb --mapping bft
//
// The main job (64 ranks on the default 4x4x4 torus with 4 cores per node, 2000 tetrahedra per rank):
//   mpirun -np 64 tamp-mesh --dims 3 --compare default,auto
//
// Description:
//   1. Parse and validate the options on every rank (the same verdict everywhere, no communication).
//   2. Every rank generates or reads the whole mesh, checks it (inverted elements are named), partitions the
//      element graph with METIS (fixed seed; or Scotch, or coordinate bisection) into one chunk per rank, and
//      builds the quotient graph of one step's ghost messages with the chunks' centroids as coordinates.
//   3. For each placement (--mapping, or each of --compare): renumber the ranks so that rank == chunk, build
//      the chunk (owned nodes, ghost layer, element matrices), run one untimed warm-up step and the timed
//      steps, in which the interior elements are computed while the ghost messages are in flight.
//   4. Every rank runs the whole mesh serially and compares its owned nodes (equal to rounding, in fact
//      bitwise), and the total heat is checked ("Solution validates"); the run is reported: time, element
//      updates per second, and the hop-bytes of the placement. A failed check gives exit status 1.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <utility>

#include "mesh_problem.hpp"
#include "mesh_spec.hpp"
#include "tamp/app/memory.hpp"
#include "tamp/app/run_app.hpp"

namespace {

// Every rank builds and partitions the whole generated mesh: measured 440 (2D) and 580 (3D) bytes per element
// and rank (1e6 elements, one rank, peak resident memory). tamp-mesh-graph needs less and does not check.
void check_memory(const tamp::mesh::MeshOptions& o, const tamp::mesh::MeshSpec& spec) {
  if (!spec.generated()) return;
  const double per_element = spec.dims == 2 ? 450.0 : 600.0;
  const long long per_rank = o.per_rank ? o.per_rank : 2000;
  tamp::app::require_memory(
      per_element * static_cast<double>(spec.elements),
      o.elements ? fmt::format("--elements {}", o.elements)
                 : fmt::format("--per-rank {} ({} elements in all)", per_rank, spec.elements),
      fmt::format("every rank builds the whole {}D mesh, {:.0f} bytes per element", spec.dims, per_element));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"ParFUM-like unstructured-mesh proxy app: explicit heat conduction on partitioned meshes",
               "tamp-mesh"};
  tamp::mesh::MeshOptions options;
  tamp::mesh::add_mesh_options(cli, options);
  return tamp::app::run_app("mesh", cli, argc, argv, [&](const tamp::app::AppSetup& setup) {
    if (setup.options.verbose && setup.rank == 0) std::cout << "tamp-mesh mesh options:\n" << options;
    tamp::mesh::MeshSpec spec = tamp::mesh::make_spec(options, setup.ranks);
    check_memory(options, spec);  // before the mesh is built
    return std::make_unique<tamp::mesh::MeshProblem>(
        std::move(spec), setup.ranks, std::string(tamp::app::to_string(setup.options.backend)));
  });
}
