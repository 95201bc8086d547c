// tamp-fft: a distributed 3D complex FFT (slab or pencil decomposition) whose transposes are blocking
// all-to-alls or pipelined non-blocking all-to-alls overlapped with the local FFTs ([Hoefler08] §V.1.6), run
// under one or more placements of the process grid, each timed, verified and reported next to its hop-bytes.
//
// Sample runs (tests/mpi runs each of these lines):
//   mpirun -np 1 tamp-fft --size 12x10x8 --iterations 2
//   mpirun -np 2 tamp-fft --size 16 --decomposition slab --transpose blocking --iterations 2
//   mpirun -np 4 tamp-fft --size 12x10x9 --grid 2x2 --tile 2 --window 2 --compare default,random
//   mpirun -np 8 tamp-fft --size 16x12x20 --transpose overlap --progress none --iterations 2
//   mpirun -np 8 tamp-fft --size 16 --autotune --iterations 2 --compare default,blocked
//
// The main job (64 ranks on the default 4x4x4 torus with 4 cores per node):
//   mpirun -np 64 tamp-fft --size 128 --compare default,auto
//
// Description:
//   1. Parse and validate the options on every rank (sizes, grid, tile, modes; no allocation, no
//      communication). The pencil grid defaults to the one of least transposed volume.
//   2. Place the ranks on the machine of --topology; the task graph is the process grid with the bytes of
//      the row and column transposes of one forward + backward transform.
//   3. For each placement: renumber the ranks (rank == task), build the row and column communicators, plan
//      the FFTs, optionally auto-tune tile and window and time the blocking reference, then run the untimed
//      warm-up and the timed forward + backward transforms.
//   4. Verify: the transforms return the input, and a forward transform agrees with a serial FFTW transform
//      of the gathered array (small sizes); report phase times, GFLOP/s, the transpose overhead hidden by
//      overlap and the hop-bytes of the row and column transposes. A failed check gives exit status 1.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "fft_problem.hpp"
#include "fft_spec.hpp"
#include "tamp/app/run_app.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"3D FFT proxy app: slab and pencil transposes, blocking or overlapped, under task mappings",
               "tamp-fft"};
  tamp::fft::FftOptions options;
  tamp::fft::add_fft_options(cli, options);
  return tamp::app::run_app("fft", cli, argc, argv, [&](const tamp::app::AppSetup& setup) {
    if (setup.options.verbose && setup.rank == 0) std::cout << "tamp-fft options:\n" << options;
    return std::make_unique<tamp::fft::FftProblem>(tamp::fft::make_spec(options, setup.ranks),
                                                   std::string(tamp::app::to_string(setup.options.backend)));
  });
}
