// tamp-netbench: the contention benchmarks of [Bhatele10] ch. 4-5, to calibrate a machine: WOCON (latency vs
// distance without contention), WICON (near-neighbour vs random pairs, everybody sending), equidistant pairs
// (every rank paired n hops away along one dimension) and hop-bytes vs maximum dilation (§5.1).
//
// clang-format off
// Sample runs (tests/mpi runs each of these lines):
//   mpirun -np 4 tamp-netbench --benchmark wocon --sizes 4:4K:4 --messages 4 --topology synthetic:torus:4x1x1,cores=1
//   mpirun -np 8 tamp-netbench --benchmark wicon --sizes 8,1K,64K --messages 3 --topology synthetic:torus:2x2x2,cores=1
//   mpirun -np 8 tamp-netbench --benchmark equidistant --sizes 16,16K --messages 2 --topology synthetic:torus:1x1x4,cores=2
//   mpirun -np 8 tamp-netbench --benchmark dilation --dilation 1+1,2 --sizes 4K --messages 2 --topology synthetic:torus:2x2x2,cores=1
//
// On a simulated 4x4x4 torus with 4 cores per node (SimGrid; docs/apps/netbench.md):
//   smpirun -np 256 -platform torus-4x4x4.xml -hostfile hosts-4 tamp-netbench --benchmark wicon
//           --topology synthetic:torus:4x4x4,cores=4
//
// Description:
//   1. Parse and validate the options on every rank (the same verdict everywhere, no communication).
//   2. Place the ranks on the machine of --topology and build the benchmark's phases from the job's slots:
//      task t is the rank on slot t under the `default` placement, so NN pairs, equidistant pairs and the §5.1
//      neighbours are what the paper defines on that machine. Their bytes are the task graph the mappers place.
//   3. For each placement (--mapping, or each of --compare): renumber the ranks so that rank == task, run the
//      warm-up passes, then the timed passes: every phase at every message size (Alg. 4.1 ping-pong from the
//      master, Alg. 4.2 pairs all at once, or the §5.1 pattern between barriers).
//   4. The last message from each partner at each size is checked byte by byte ("Solution validates"); the
//      latencies per phase and size are printed next to the hops per byte, maximum dilation and busiest link of
//      each phase under the placement.
// clang-format on
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "netbench_problem.hpp"
#include "netbench_spec.hpp"
#include "tamp/app/run_app.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"Network contention benchmarks (WOCON, WICON, equidistant pairs, hop-bytes vs dilation)",
               "tamp-netbench"};
  tamp::netbench::NetbenchOptions options;
  tamp::netbench::add_netbench_options(cli, options);
  return tamp::app::run_app("netbench", cli, argc, argv, [&](const tamp::app::AppSetup& setup) {
    if (setup.options.verbose && setup.rank == 0) std::cout << "tamp-netbench options:\n" << options;
    return std::make_unique<tamp::netbench::NetbenchProblem>(tamp::netbench::make_spec(options, setup.ranks),
                                                             setup.layout, setup.options.map.seed);
  });
}
