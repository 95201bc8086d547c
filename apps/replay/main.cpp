// tamp-replay: any code's communication graph — what tamp-map --graph reads: a METIS .graph, an .edges list,
// a phases file beside either, or a generator spec — run as MPI traffic, one task per rank, for --steps
// steps, under the placements of --mapping / --compare, so the gain of a mapping on that code's own pattern
// is measured.
//
// clang-format off
// Sample runs (tests/mpi runs each of these lines from the source tree's root):
//   mpirun -np 8 tamp-replay --graph stencil3d:2x2x2,local=16x16x16 --steps 5 --compare default,blocked,random --topology synthetic:torus:2x2x2,cores=1
//   mpirun -np 8 tamp-replay --graph inputs/graphs/irregular-8.graph --steps 5 --compare default,auto --topology synthetic:torus:4x2x1,cores=1
//   mpirun -np 8 tamp-replay --graph inputs/graphs/exchange-sum-8.edges --steps 5 --compare default,random --topology synthetic:torus:2x2x2,cores=1
//
// With the flow engine, in one process (a modelled compute time per task and per unit of task weight):
//   tamp-replay --graph stencil3d:16x16x16,local=32x32x32 --engine flow --ranks 4096 --compute-model task=1e-4,weight=0
//               --topology synthetic:inputs/campaigns/cielo-sparse.machine --compare default,auto
//
// Description:
//   1. Parse and validate the options on every rank; read the graph (one per process) and refuse it unless it
//      has one task per rank, whole phase counts and message buffers that fit in memory.
//   2. Plan a step: the graph's phases in order (a graph without phases is one exchange); the rounds of a
//      collective that are exactly an MPI algorithm's on the whole communicator run as that MPI call
//      (MPI_Allreduce, MPI_Bcast, ...), other collectives as their rounds of messages.
//   3. For each placement: renumber the ranks (rank == task), fill every message with a pattern of its call,
//      round, sender and receiver, run the warm-up steps, then the timed steps (exchange and collectives timed
//      apart, then each task's compute under --compute-model).
//   4. Check every byte received in the last step against its pattern, stamped with the call's occurrence
//      ("Solution validates"), and report time, hop-bytes and the rate as every app does.
// clang-format on
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "replay_problem.hpp"
#include "replay_spec.hpp"
#include "tamp/app/run_app.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"Replays any task graph (tamp-map --graph) as MPI traffic", "tamp-replay"};
  tamp::replay::ReplayOptions options;
  tamp::replay::add_replay_options(cli, options);
  return tamp::app::run_app("replay", cli, argc, argv, [&](const tamp::app::AppSetup& setup) {
    if (setup.options.verbose && setup.rank == 0) std::cout << "tamp-replay options:\n" << options;
    return std::make_unique<tamp::replay::ReplayProblem>(options, setup.ranks,
                                                         tamp::replay::memory_check(setup.options));
  });
}
