// tamp-stencil: 2D 5/9-point and 3D 7/27-point Jacobi sweeps on a Cartesian decomposition, run under one or
// more placements of the ranks, each timed, verified and reported next to its hop-bytes.
//
// Sample runs (tests/mpi runs each of these lines):
//   mpirun -np 4 tamp-stencil --stencil 5 --local 16x16 --iterations 5
//   mpirun -np 4 tamp-stencil --stencil 9 --global 32x32 --periodic --compare default,blocked,random
//   mpirun -np 8 tamp-stencil --stencil 7 --local 8x8x8 --compare default,blocked
//   mpirun -np 8 tamp-stencil --stencil 27 --local 6x6x6 --periodic --mapping round-robin
//   mpirun -np 6 tamp-stencil --dims 3 --points 7 --global 24x12x12 --procs 3x2x1 --iterations 3
//
// The main job (64 ranks on the default 4x4x4 torus with 4 cores per node, 32x32x32 cells per rank):
//   mpirun -np 64 tamp-stencil --stencil 7 --compare default,blocked
//
// Description:
//   1. Parse and validate the options on every rank (the same verdict everywhere, no communication).
//   2. Place the ranks on the machine of --topology and build the task graph of the halo messages.
//   3. For each placement (--mapping, or each of --compare): renumber the ranks so that rank == task,
//      allocate and initialise the blocks, run one untimed warm-up sweep and the timed sweeps, in which the
//      interior is updated while the halo messages are in flight.
//   4. Each rank recomputes its own block serially from the initial field and compares ("Solution
//   validates"),
//      then the run is reported: time, rate, and the hop-bytes of the placement. A failed check gives exit
//      status 1.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "stencil_problem.hpp"
#include "stencil_spec.hpp"
#include "tamp/app/run_app.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"Jacobi stencil proxy app: 2D 5/9-point, 3D 7/27-point, under task mappings", "tamp-stencil"};
  tamp::stencil::StencilOptions options;
  tamp::stencil::add_stencil_options(cli, options);
  return tamp::app::run_app("stencil", cli, argc, argv, [&](const tamp::app::AppSetup& setup) {
    if (setup.options.verbose && setup.rank == 0) std::cout << "tamp-stencil stencil options:\n" << options;
    return std::make_unique<tamp::stencil::StencilProblem>(
        tamp::stencil::make_spec(options, setup.ranks),
        std::string(tamp::app::to_string(setup.options.backend)));
  });
}
