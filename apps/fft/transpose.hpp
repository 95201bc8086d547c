// One transpose of the 3D FFT with the local FFTs before it: blocking (one MPI_Alltoallv of all planes) or
// pipelined as in [Hoefler08] §V.1.6: the planes are cut into tiles; for each tile the FFTs run, the tile is
// packed and its MPI_Ialltoallv posted, with `window` tiles in flight; progression by MPI_Test on the
// outstanding tiles after each unit of computation (the FFTs of a tile, its packing), or none until the wait.
#pragma once
#include <mpi.h>

#include <vector>

#include "aligned_vector.hpp"
#include "copy_kernel.hpp"
#include "fft_spec.hpp"
#include "local_fft.hpp"
#include "stage.hpp"
#include "tamp/app/run_context.hpp"
#include "tamp/app/timer.hpp"
#include "work.hpp"

namespace tamp::fft {

struct PipelineConfig {
  TransposeMode mode = TransposeMode::blocking;
  int tile = 1;
  int window = 1;
  ProgressMode progress = ProgressMode::test;
};

/// Per-phase times of the transforms (the NBCBench split of [Hoefler08] §IV.2.2). `transpose` is the time
/// spent inside MPI (posting, testing, waiting): the communication overhead the CPU sees.
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
  /// `context` (the run's compute model and skeleton flag) must outlive the transpose.
  Transpose(Stage stage, MPI_Comm comm, int sign, FftPlans& plans, CopyFn copy,
            const app::RunContext& context);

  const Stage& stage() const { return stage_; }
  /// Multiplies everything written to the output by `scale` during the copies (the 1/N of a backward
  /// transform, saving a pass over the array). False, and nothing changes, where the output is not
  /// written by copies (identity stage, messages received straight into the output).
  bool scale_output(double scale);
  /// The FFTs of `ffts` before (in place in `in`), the exchange into `out` (the same array for an identity
  /// stage), the FFTs of `ffts` after (in `out`). Collective on the communicator. FFT time goes to
  /// timers.compute (kind "fft"), the rest to timers.collective (packing and unpacking: kind "copy").
  void run(Complex* in, Complex* out, const PipelineConfig& config, app::IterationTimers& timers,
           PhaseTimers& phases, const StageFfts& ffts);
  /// The units the last blocking run charged before and after its exchange: blocking_work's, or the
  /// predicted time is that of another computation (FftRun checks them).
  const TransposeWork& charged_work() const { return charged_; }

 private:
  // One tile in flight: its buffers, counts (untouched until completion) and request.
  struct Slot {
    AlignedVector send, recv;
    std::vector<int> send_counts, send_displs, recv_counts, recv_displs;
    MPI_Request request = MPI_REQUEST_NULL;
    int a0 = 0, na = 0;
  };
  // Counts and displacements of a tile; `direct`: whole planes, sent from the input / received into the
  // output where the stage allows it (displacements then point into those arrays).
  void prepare(Slot& slot, int a0, int na, bool direct);
  // The own block into `out`; with `peers`, the peers' blocks into the send buffer; one `cut` of the input.
  void pack(Slot& slot, const Complex* in, Complex* out, bool peers, Cut cut);
  void unpack(const Slot& slot, Complex* out, Cut cut);
  void run_blocking(Complex* in, Complex* out, app::IterationTimers& timers, PhaseTimers& phases,
                    const StageFfts& ffts);
  void run_pipelined(Complex* in, Complex* out, const PipelineConfig& config, app::IterationTimers& timers,
                     PhaseTimers& phases, const StageFfts& ffts);
  void fft(const FftBatch& batch, Complex* data, app::IterationTimers& timers, PhaseTimers& phases);
  // The blocking MPI_Alltoallv of slot 0's counts.
  void exchange(Slot& slot, Complex* send, Complex* recv, app::IterationTimers& timers, PhaseTimers& phases);
  void progress(int first, int last, int window);
  // f as `units` of `kind` (app::charged_phase on `common`), also timed by `phase`; the units are added to
  // charged_.
  template <class F>
  void charged(app::Timer& phase, app::Timer& common, app::IterationTimers& timers, const char* kind,
               double units, F&& f);

  Stage stage_;
  MPI_Comm comm_;
  int sign_;
  FftPlans& plans_;
  CopyFn copy_;
  const app::RunContext& context_;
  std::vector<Slot> slots_;
  double scale_ = 1.0;
  TransposeWork charged_;
  bool exchanged_ = false;  // where charged() adds: charged_.after once the exchange's point is passed
};

}  // namespace tamp::fft
