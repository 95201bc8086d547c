// tamp-halo: a MiniGhost-like halo-exchange proxy. MiniGhost's deck (options, defaults, initial grid, spikes,
// boundary exchange, stencils and grid-sum check) run under one or more placements of the ranks, each timed,
// checked and reported next to its hop-bytes.
//
// clang-format off
// Sample runs (tests/mpi runs each of these lines):
//   mpirun -np 1 tamp-halo --nx 8 --ny 8 --nz 4 --num_vars 3 --num_tsteps 4 --stencil 21
//   mpirun -np 4 tamp-halo --nx 6 --ny 6 --nz 4 --num_vars 2 --num_tsteps 3 --num_spikes 2 --stencil 3D27PT --npx 2 --npy 2 --npz 1 --comm_method SVAF
//   mpirun -np 8 tamp-halo --nx 6 --ny 5 --nz 4 --num_vars 4 --num_tsteps 3 --stencil 23 --npx 2 --npy 2 --npz 2 --compare default,group,blocked
//   mpirun -np 8 tamp-halo --nx 6 --ny 6 --nz 6 --num_vars 2 --num_tsteps 2 --stencil 24 --npdim 2 --percent_sum 50 --mapping geom-rs
//
// The campaign deck (64 ranks on the default 4x4x4 torus with 4 cores per node):
//     mpirun -np 64 tamp-halo --nx 50 --ny 50 --nz 50 --num_vars 40 --num_tsteps 20 --stencil 23 --npx 4 --npy 4 --npz 4 --compare default,group,geom-rs
//
// Description:
//   1. Parse and validate the deck on every rank (same verdict everywhere, no communication); draw the initial
//      value, the spikes and the summed variables as MiniGhost does (gfortran's RANDOM_NUMBER, seed 8).
//   2. Place the ranks on the machine of --topology and build the task graph of one step's face messages.
//   3. For each placement (--mapping, or each of --compare, `group` included): renumber the ranks so that
//      rank == task, set up the grids, then run num_spikes x num_tsteps steps: insert the spike, exchange the
//      faces (BSPMA: all variables at once; SVAF: per variable), and per variable add the heat leaving
//      through the boundary, sweep the stencil and check the grid sum against the injected heat.
//   4. Report: the final grid sums, "Solution validates" when every check held, the time, the rate and the
//      hop-bytes of the placement; --yaml FILE adds MiniGhost-style results. A failed check gives exit
//      status 1.
// clang-format on
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "halo_problem.hpp"
#include "halo_spec.hpp"
#include "tamp/app/run_app.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"MiniGhost-like halo-exchange proxy app under task mappings", "tamp-halo"};
  tamp::halo::HaloOptions options;
  tamp::halo::add_halo_options(cli, options);
  return tamp::app::run_app("halo", cli, argc, argv, [&](const tamp::app::AppSetup& setup) {
    if (setup.options.verbose && setup.rank == 0) std::cout << "tamp-halo options:\n" << options;
    auto problem =
        std::make_unique<tamp::halo::HaloProblem>(tamp::halo::make_spec(options, setup.ranks),
                                                  std::string(tamp::app::to_string(setup.options.backend)));
    tamp::app::check_mapping_names(tamp::app::placements(setup.options), *problem);
    return problem;
  });
}
