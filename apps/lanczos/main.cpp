// tamp-lanczos: the MFDn-style Lanczos eigensolver ([Aktulga12] Alg. 1) on a triangular processor grid of
// n_d(n_d+1)/2 ranks, run under one or more placements of the ranks, each timed, verified and reported next
// to its hop-bytes and the D / T / X of its column and row groups.
//
// Sample runs (tests/mpi runs each of these lines):
//   mpirun -np 1 tamp-lanczos --matrix laplace:9x7 --iterations 60 --eigenvalues 3
//   mpirun -np 3 tamp-lanczos --matrix laplace:10x7 --iterations 68 --ordering cm --compare default,random
//   mpirun -np 6 tamp-lanczos --matrix laplace:11x6x2 --iterations 120 --ordering bcm --compare default,auto
//   mpirun -np 10 tamp-lanczos --matrix random:150,density=0.08 --iterations 70 --eigenvalues 2
//
// The main job (28 ranks, n_d = 7, on the default 4x4x4 torus with 4 cores per node):
//   mpirun -np 28 tamp-lanczos --ordering bcm --compare bcm,auto
//
// Description:
//   1. Parse and validate the options on every rank: the rank count must be triangular, the matrix readable
//      and symmetric (the same verdict everywhere, no communication).
//   2. Place the ranks on the machine of --topology and build the task graph of one SpMV: the binomial-tree
//      messages of the column/row broadcasts and reductions under --ordering (its task t is the block that
//      ordering gives rank t, so --mapping default runs DM, CM, BDM or BCM exactly).
//   3. For each placement: renumber the ranks so that rank == task, build the task's block of the permuted
//      matrix, then Lanczos steps: SpMV (S1-S6), full orthogonalisation on the refolded grid (O1-O6), LAPACK
//      dstevr on T, convergence of the lowest k eigenvalues. One untimed warm-up step, then the timed ones.
//   4. Verify: true residuals of the Ritz pairs, the closed form for the Laplacian (1e-8), the same
//   eigenvalues
//      under every placement; report t_col / t_row / t_orth with their shares and D / T / X per group.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "lanczos_problem.hpp"
#include "lanczos_spec.hpp"
#include "tamp/app/run_app.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"MFDn-style Lanczos eigensolver on a triangular processor grid, under task mappings",
               "tamp-lanczos"};
  tamp::lanczos::LanczosOptions options;
  tamp::lanczos::add_lanczos_options(cli, options);
  return tamp::app::run_app("lanczos", cli, argc, argv, [&](const tamp::app::AppSetup& setup) {
    if (setup.options.verbose && setup.rank == 0) std::cout << "tamp-lanczos options:\n" << options;
    return std::make_unique<tamp::lanczos::LanczosProblem>(
        tamp::lanczos::make_spec(
            options, setup.ranks,
            setup.options.engine != tamp::app::Engine::flow && setup.options.task_graph_for == 0),
        std::string(tamp::app::to_string(setup.options.backend)));
  });
}
