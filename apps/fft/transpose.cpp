// Blocking and pipelined transposes. Data go as pairs of doubles (MPI_DOUBLE), which every MPI (and SMPI)
// supports; counts and displacements are checked against int range when the problem is validated.
#include "transpose.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "tamp/app/compute.hpp"

namespace tamp::fft {
namespace {

// Rows FFT-ed and packed (or unpacked and FFT-ed) together in a blocking transpose: well inside a core's L2.
constexpr std::int64_t kCacheBlockBytes = 1024 * 1024;

// f(cut) over blocks of global dimension `dim` of `layout` that fit in kCacheBlockBytes.
template <class F>
void for_blocks(const Layout& layout, int dim, F&& f) {
  const int n = static_cast<int>(layout.extent[dim]);
  const std::int64_t slice = layout.size() / std::max<std::int64_t>(layout.extent[dim], 1);
  const int chunk = static_cast<int>(std::clamp<std::int64_t>(
      kCacheBlockBytes / (static_cast<std::int64_t>(sizeof(Complex)) * std::max<std::int64_t>(slice, 1)), 1,
      std::max(n, 1)));
  for (Cut cut{dim, {0, 0}}; cut.range.offset < n; cut.range.offset += chunk) {
    cut.range.size = std::min(chunk, n - cut.range.offset);
    f(cut);
  }
}

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

Transpose::Transpose(Stage stage, MPI_Comm comm, int sign, FftPlans& plans, CopyFn copy,
                     const app::RunContext& context)
    : stage_(std::move(stage)), comm_(comm), sign_(sign), plans_(plans), copy_(copy), context_(context) {}

template <class F>
void Transpose::charged(app::Timer& phase, app::Timer& common, app::IterationTimers& timers, const char* kind,
                        double units, F&& f) {
  phase.start();
  app::charged_phase(common, timers, context_, kind, units, std::forward<F>(f));
  phase.stop();
  Work& work = exchanged_ ? charged_.after : charged_.before;
  (std::strcmp(kind, "fft") == 0 ? work.fft : work.copy) += units;
}

bool Transpose::scale_output(double scale) {
  if (!scales_by_copy(stage_)) return false;
  scale_ = scale;
  return true;
}

void Transpose::prepare(Slot& slot, int a0, int na, bool direct) {
  const int P = stage_.ranks();
  const bool send_direct = direct && stage_.direct_send(), recv_direct = direct && stage_.direct_recv();
  slot.a0 = a0;
  slot.na = na;
  slot.send_counts.assign(P, 0);
  slot.send_displs.assign(P, 0);
  slot.recv_counts.assign(P, 0);
  slot.recv_displs.assign(P, 0);
  std::int64_t sent = 0, received = 0;
  for (int p = 0; p < P; ++p) {
    if (p == stage_.me()) continue;  // the own block is copied, not sent
    slot.send_counts[p] = static_cast<int>(2 * stage_.send_length(p, na));
    slot.recv_counts[p] = static_cast<int>(2 * stage_.recv_length(p, na));
    slot.send_displs[p] = static_cast<int>(send_direct ? 2 * stage_.send_offset(p) : sent);
    slot.recv_displs[p] = static_cast<int>(recv_direct ? 2 * stage_.recv_offset(p) : received);
    sent += slot.send_counts[p];
    received += slot.recv_counts[p];
  }
  // Buffers only grow: a tile of a run reuses the memory of the previous runs.
  if (!send_direct && slot.send.size() < static_cast<std::size_t>(sent / 2)) slot.send.resize(sent / 2);
  if (!recv_direct && slot.recv.size() < static_cast<std::size_t>(received / 2))
    slot.recv.resize(received / 2);
}

void Transpose::pack(Slot& slot, const Complex* in, Complex* out, bool peers, Cut cut) {
  CopyBox self = stage_.self_box(slot.a0, slot.na, cut);
  self.scale = scale_;
  copy_(self, in, out);
  if (!peers) return;
  for (int p = 0; p < stage_.ranks(); ++p) {
    if (p != stage_.me())
      copy_(stage_.send_box(p, slot.a0, slot.na, cut), in, slot.send.data() + slot.send_displs[p] / 2);
  }
}

void Transpose::unpack(const Slot& slot, Complex* out, Cut cut) {
  for (int p = 0; p < stage_.ranks(); ++p) {
    if (p == stage_.me()) continue;
    CopyBox box = stage_.recv_box(p, slot.a0, slot.na, cut);
    box.scale = scale_;
    copy_(box, slot.recv.data() + slot.recv_displs[p] / 2, out);
  }
}

void Transpose::run(Complex* in, Complex* out, const PipelineConfig& config, app::IterationTimers& timers,
                    PhaseTimers& phases, const StageFfts& ffts) {
  charged_ = {};
  exchanged_ = false;
  // A communicator of one rank is a local reordering (or nothing): nothing to overlap.
  if (config.mode == TransposeMode::blocking || stage_.ranks() == 1) {
    run_blocking(in, out, timers, phases, ffts);
  } else {
    run_pipelined(in, out, config, timers, phases, ffts);
  }
}

void Transpose::fft(const FftBatch& batch, Complex* data, app::IterationTimers& timers, PhaseTimers& phases) {
  charged(phases.fft, timers.compute, timers, "fft", fft_units(batch),
          [&] { plans_.execute(batch, sign_, data); });
}

void Transpose::run_blocking(Complex* in, Complex* out, app::IterationTimers& timers, PhaseTimers& phases,
                             const StageFfts& ffts) {
  if (slots_.empty()) slots_.resize(1);
  Slot& slot = slots_[0];
  const int planes = stage_.planes();
  const auto after = [&](Cut cut) {
    if (!ffts.after.empty()) fft(stage_.fft_after(ffts.after, 0, planes, cut), out, timers, phases);
  };
  if (stage_.identity()) {  // `out` is `in`: the FFTs only
    // FFTs along all three dimensions (one rank holds the whole array): one 3D FFTW plan, as FFTW-MPI uses
    // on one rank; FFTW then picks the order and buffering of the strided passes itself.
    if (ffts.before && (ffts.with_planes ? 2 : 1) + ffts.after.size() == 3) {
      fft(fft_along(stage_.input(), {0, 1, 2}), in, timers, phases);
      return;
    }
    if (ffts.before) fft(stage_.fft_before(0, planes, {}, ffts.with_planes), in, timers, phases);
    exchanged_ = true;
    after({});
    return;
  }
  const bool send_direct = stage_.direct_send(), recv_direct = stage_.direct_recv();
  timed(phases.pack, timers.compute, [&] { prepare(slot, 0, planes, true); });
  // FFTs and packing by blocks of slices that fit in cache: the copies read what the FFTs just wrote.
  for_blocks(stage_.input(), stage_.before_cut_dim(ffts.with_planes), [&](Cut cut) {
    if (ffts.before) fft(stage_.fft_before(0, planes, cut, ffts.with_planes), in, timers, phases);
    charged(phases.pack, timers.compute, timers, "copy", pack_units(stage_, 0, planes, !send_direct, cut),
            [&] { pack(slot, in, out, !send_direct, cut); });
  });
  const int after_dim = stage_.after_cut_dim(ffts.after);
  if (stage_.ranks() == 1 || recv_direct) {
    if (stage_.ranks() > 1) exchange(slot, send_direct ? in : slot.send.data(), out, timers, phases);
    exchanged_ = true;
    for_blocks(stage_.output(), after_dim, after);  // strided FFTs on a block in cache
    return;
  }
  exchange(slot, send_direct ? in : slot.send.data(), slot.recv.data(), timers, phases);
  exchanged_ = true;
  for_blocks(stage_.output(), after_dim, [&](Cut cut) {
    charged(phases.unpack, timers.compute, timers, "copy", unpack_units(stage_, 0, planes, cut),
            [&] { unpack(slot, out, cut); });
    after(cut);
  });
}

void Transpose::exchange(Slot& slot, Complex* send, Complex* recv, app::IterationTimers& timers,
                         PhaseTimers& phases) {
  timed(phases.transpose, timers.collective, [&] {
    MPI_Alltoallv(send, slot.send_counts.data(), slot.send_displs.data(), MPI_DOUBLE, recv,
                  slot.recv_counts.data(), slot.recv_displs.data(), MPI_DOUBLE, comm_);
  });
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
                              app::IterationTimers& timers, PhaseTimers& phases, const StageFfts& ffts) {
  const int planes = stage_.planes();
  const int tile = std::min(config.tile, planes);
  const int tiles = (planes + tile - 1) / tile;
  const int window = std::max(1, std::min(config.window, tiles));
  if (static_cast<int>(slots_.size()) < window) slots_.resize(window);
  const bool test = config.progress == ProgressMode::test;
  auto test_from = [&](int first, int last) {
    if (test) timed(phases.transpose, timers.collective, [&] { progress(first, last, window); });
  };
  // Tile t done: wait, unpack, and the FFTs its planes now allow (overlapping the tiles still in flight).
  auto finish = [&](int t) {
    Slot& slot = slots_[t % window];
    timed(phases.transpose, timers.collective, [&] { MPI_Wait(&slot.request, MPI_STATUS_IGNORE); });
    charged(phases.unpack, timers.compute, timers, "copy", unpack_units(stage_, slot.a0, slot.na, {}),
            [&] { unpack(slot, out, {}); });
    if (!ffts.after.empty()) {
      fft(stage_.fft_after(ffts.after, slot.a0, slot.na), out, timers, phases);
      test_from(t + 1, std::min(tiles, t + window + 1));
    }
  };
  // Without the planes' FFTs no tile can start: they run on the whole input first.
  if (ffts.before && ffts.with_planes)
    fft(fft_along(stage_.input(), {stage_.planes_dim()}), in, timers, phases);
  for (int t = 0; t < tiles; ++t) {
    // The buffers of tile t are those of tile t - window: it must be complete (and unpacked) first.
    if (t >= window) finish(t - window);
    const int first = std::max(0, t - window + 1);
    Slot& slot = slots_[t % window];
    const int a0 = t * tile;
    const int na = std::min(tile, planes - a0);
    if (ffts.before) {
      fft(stage_.fft_before(a0, na), in, timers, phases);
      test_from(first, t);
    }
    timed(phases.pack, timers.compute, [&] { prepare(slot, a0, na, false); });
    charged(phases.pack, timers.compute, timers, "copy", pack_units(stage_, slot.a0, slot.na, true, {}),
            [&] { pack(slot, in, out, true, {}); });
    timed(phases.transpose, timers.collective, [&] {
      MPI_Ialltoallv(slot.send.data(), slot.send_counts.data(), slot.send_displs.data(), MPI_DOUBLE,
                     slot.recv.data(), slot.recv_counts.data(), slot.recv_displs.data(), MPI_DOUBLE, comm_,
                     &slot.request);
      if (test) progress(first, t + 1, window);
    });
  }
  for (int t = std::max(0, tiles - window); t < tiles; ++t) finish(t);
}

}  // namespace tamp::fft
