// Blocking and pipelined transposes. Data go as pairs of doubles (MPI_DOUBLE), which every MPI (and SMPI)
// supports; counts are checked against int range when the problem is validated.
#include "transpose.hpp"

#include <algorithm>
#include <utility>

namespace tamp::fft {
namespace {

// Runs f with both timers started; the times of one phase of the app's split and of the common split.
template <class F>
void timed(app::Timer& phase, app::Timer& common, F&& f) {
  phase.start();
  common.start();
  f();
  common.stop();
  phase.stop();
}

}  // namespace

Transpose::Transpose(Stage stage, MPI_Comm comm, int sign, FftPlans& plans, CopyFn copy)
    : stage_(std::move(stage)), comm_(comm), sign_(sign), plans_(plans), copy_(copy) {}

void Transpose::prepare(Slot& slot, int a0, int na) {
  const int P = stage_.ranks();
  slot.a0 = a0;
  slot.na = na;
  slot.send_counts.assign(P, 0);
  slot.send_displs.assign(P, 0);
  slot.recv_counts.assign(P, 0);
  slot.recv_displs.assign(P, 0);
  std::int64_t sent = 0, received = 0;
  for (int p = 0; p < P; ++p) {
    slot.send_counts[p] = static_cast<int>(2 * stage_.send_count(p, na));
    slot.recv_counts[p] = static_cast<int>(2 * stage_.recv_count(p, na));
    slot.send_displs[p] = static_cast<int>(sent);
    slot.recv_displs[p] = static_cast<int>(received);
    sent += slot.send_counts[p];
    received += slot.recv_counts[p];
  }
  slot.uniform = std::all_of(slot.send_counts.begin(), slot.send_counts.end(),
                             [&](int n) { return n == slot.send_counts[0]; }) &&
                 std::all_of(slot.recv_counts.begin(), slot.recv_counts.end(),
                             [&](int n) { return n == slot.send_counts[0]; });
  // Buffers only grow: a tile of a run reuses the memory of the previous runs.
  if (slot.send.size() < static_cast<std::size_t>(sent / 2)) slot.send.resize(sent / 2);
  if (slot.recv.size() < static_cast<std::size_t>(received / 2)) slot.recv.resize(received / 2);
}

void Transpose::pack(Slot& slot, const Complex* in) {
  for (int p = 0; p < stage_.ranks(); ++p) {
    copy_(stage_.send_box(p, slot.a0, slot.na), in, slot.send.data() + slot.send_displs[p] / 2);
  }
}

void Transpose::unpack(const Slot& slot, const Complex* from, Complex* out) {
  for (int p = 0; p < stage_.ranks(); ++p) {
    copy_(stage_.recv_box(p, slot.a0, slot.na), from + slot.recv_displs[p] / 2, out);
  }
}

void Transpose::run(Complex* in, Complex* out, const PipelineConfig& config, app::IterationTimers& timers,
                    PhaseTimers& phases) {
  // A communicator of one rank is a local reordering: nothing to overlap.
  if (config.mode == TransposeMode::blocking || stage_.ranks() == 1) {
    run_blocking(in, out, timers, phases);
  } else {
    run_pipelined(in, out, config, timers, phases);
  }
}

void Transpose::run_blocking(Complex* in, Complex* out, app::IterationTimers& timers, PhaseTimers& phases) {
  if (slots_.empty()) slots_.resize(1);
  Slot& slot = slots_[0];
  const int planes = stage_.planes();
  timed(phases.fft, timers.compute, [&] { plans_.execute(stage_.fft_batch(0, planes), sign_, in); });
  if (stage_.ranks() == 1) {
    // Alone, the whole input in send order is the input itself: unpack from it, no packing.
    timed(phases.unpack, timers.comm, [&] {
      prepare(slot, 0, planes);
      unpack(slot, in, out);
    });
    return;
  }
  timed(phases.pack, timers.comm, [&] {
    prepare(slot, 0, planes);
    pack(slot, in);
  });
  timed(phases.transpose, timers.comm, [&] {
    if (slot.uniform) {
      MPI_Alltoall(slot.send.data(), slot.send_counts[0], MPI_DOUBLE, slot.recv.data(), slot.recv_counts[0],
                   MPI_DOUBLE, comm_);
    } else {
      MPI_Alltoallv(slot.send.data(), slot.send_counts.data(), slot.send_displs.data(), MPI_DOUBLE,
                    slot.recv.data(), slot.recv_counts.data(), slot.recv_displs.data(), MPI_DOUBLE, comm_);
    }
  });
  timed(phases.unpack, timers.comm, [&] { unpack(slot, slot.recv.data(), out); });
}

void Transpose::progress(int first, int last, int window) {
  // MPI_Test on every tile in flight: each call lets the library advance the exchanges.
  for (int t = first; t < last; ++t) {
    Slot& slot = slots_[t % window];
    int done = 0;
    if (slot.request != MPI_REQUEST_NULL) MPI_Test(&slot.request, &done, MPI_STATUS_IGNORE);
  }
}

void Transpose::run_pipelined(Complex* in, Complex* out, const PipelineConfig& config,
                              app::IterationTimers& timers, PhaseTimers& phases) {
  const int planes = stage_.planes();
  const int tile = std::min(config.tile, planes);
  const int tiles = (planes + tile - 1) / tile;
  const int window = std::max(1, std::min(config.window, tiles));
  if (static_cast<int>(slots_.size()) < window) slots_.resize(window);
  const bool test = config.progress == ProgressMode::test;

  auto finish = [&](int t) {
    Slot& slot = slots_[t % window];
    timed(phases.transpose, timers.comm, [&] { MPI_Wait(&slot.request, MPI_STATUS_IGNORE); });
    timed(phases.unpack, timers.comm, [&] { unpack(slot, slot.recv.data(), out); });
  };
  for (int t = 0; t < tiles; ++t) {
    // The buffers of tile t are those of tile t - window: it must be complete (and unpacked) first.
    if (t >= window) finish(t - window);
    const int first = std::max(0, t - window + 1);
    Slot& slot = slots_[t % window];
    const int a0 = t * tile;
    const int na = std::min(tile, planes - a0);
    timed(phases.fft, timers.compute, [&] { plans_.execute(stage_.fft_batch(a0, na), sign_, in); });
    if (test) timed(phases.transpose, timers.comm, [&] { progress(first, t, window); });
    timed(phases.pack, timers.comm, [&] {
      prepare(slot, a0, na);
      pack(slot, in);
    });
    timed(phases.transpose, timers.comm, [&] {
      if (slot.uniform) {
        MPI_Ialltoall(slot.send.data(), slot.send_counts[0], MPI_DOUBLE, slot.recv.data(),
                      slot.recv_counts[0], MPI_DOUBLE, comm_, &slot.request);
      } else {
        MPI_Ialltoallv(slot.send.data(), slot.send_counts.data(), slot.send_displs.data(), MPI_DOUBLE,
                       slot.recv.data(), slot.recv_counts.data(), slot.recv_displs.data(), MPI_DOUBLE, comm_,
                       &slot.request);
      }
      if (test) progress(first, t + 1, window);
    });
  }
  for (int t = std::max(0, tiles - window); t < tiles; ++t) finish(t);
}

}  // namespace tamp::fft
