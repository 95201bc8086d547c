// One transpose of the 3D FFT with the local FFTs before it: blocking (one MPI_Alltoall(v) of all planes) or
// pipelined as in seed 002 §V.1.6: the planes are cut into tiles; for each tile the FFTs run, the tile is
// packed and its MPI_Ialltoallv posted, with `window` tiles in flight; progression by MPI_Test on the
// outstanding tiles after each unit of computation (the FFTs of a tile, its packing), or none until the wait.
#pragma once
#include <mpi.h>

#include <vector>

#include "copy_kernel.hpp"
#include "fft_spec.hpp"
#include "local_fft.hpp"
#include "stage.hpp"
#include "tamp/app/timer.hpp"

namespace tamp::fft {

struct PipelineConfig {
  TransposeMode mode = TransposeMode::blocking;
  int tile = 1;
  int window = 1;
  ProgressMode progress = ProgressMode::test;
};

/// Per-phase times of the transforms (the NBCBench split of seed 002 §IV.2.2). `transpose` is the time spent
/// inside MPI (posting, testing, waiting): the communication overhead the CPU sees.
struct PhaseTimers {
  app::Timer fft;
  app::Timer pack;
  app::Timer transpose;
  app::Timer unpack;
  void reset() {
    fft.reset();
    pack.reset();
    transpose.reset();
    unpack.reset();
  }
};

using CopyFn = void (*)(const CopyBox& box, const Complex* src, Complex* dst);

class Transpose {
 public:
  /// `comm` has stage.ranks() ranks, this one is the stage's `me`. `sign`: FFTW_FORWARD / FFTW_BACKWARD.
  Transpose(Stage stage, MPI_Comm comm, int sign, FftPlans& plans, CopyFn copy);

  const Stage& stage() const { return stage_; }
  /// FFTs along the contiguous dimension of `in` (in place), then the exchange into `out`. Collective on
  /// the communicator. FFT time goes to timers.compute, the rest to timers.comm.
  void run(Complex* in, Complex* out, const PipelineConfig& config, app::IterationTimers& timers,
           PhaseTimers& phases);

 private:
  // One tile in flight: its buffers, counts (untouched until completion) and request.
  struct Slot {
    std::vector<Complex> send, recv;
    std::vector<int> send_counts, send_displs, recv_counts, recv_displs;
    MPI_Request request = MPI_REQUEST_NULL;
    bool uniform = false;
    int a0 = 0, na = 0;
  };
  void prepare(Slot& slot, int a0, int na);
  void pack(Slot& slot, const Complex* in);
  void unpack(const Slot& slot, const Complex* from, Complex* out);
  void run_blocking(Complex* in, Complex* out, app::IterationTimers& timers, PhaseTimers& phases);
  void run_pipelined(Complex* in, Complex* out, const PipelineConfig& config, app::IterationTimers& timers,
                     PhaseTimers& phases);
  void progress(int first, int last, int window);

  Stage stage_;
  MPI_Comm comm_;
  int sign_;
  FftPlans& plans_;
  CopyFn copy_;
  std::vector<Slot> slots_;
};

}  // namespace tamp::fft
