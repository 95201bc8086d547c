// The FFT's Run: forward then backward transform per iteration, each with its two transposes.
#include "fft_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include "aligned_vector.hpp"
#include "calibration.hpp"
#include "reference.hpp"
#include "stage_plan.hpp"
#include "tamp/app/compute.hpp"
#include "tamp/metrics.hpp"
#include "transpose.hpp"

namespace tamp::fft {
namespace {

CopyFn copy_function(app::Backend backend) {
  return app::with_backend(backend, [](auto tag) -> CopyFn {
    using Tag = decltype(tag);
    return [](const CopyBox& box, const Complex* src, Complex* dst) { copy_box(Tag{}, box, src, dst); };
  });
}

class FftRun final : public FftRunBase {
 public:
  FftRun(const FftSpec& spec, const FftGraphs& graphs, std::shared_ptr<GridComms> comms,
         const app::RunContext& context)
      : spec_(spec),
        graphs_(graphs),
        comms_(std::move(comms)),
        context_(context),
        comm_(context.comm),
        r_(context.task / spec.pc),
        c_(context.task % spec.pc),
        plan_(stage_plan(spec, r_, c_)),
        copy_(copy_function(context.backend)) {
    const Layouts& l = plan_.layouts;
    plans_ = std::make_unique<FftPlans>(spec.measure, std::max({l.x.size(), l.y.size(), l.z.size()}));
    // Identity stages (a slab's row transposes, a 1 x pc grid's column transposes) share the array.
    x_.assign(l.x.size(), Complex{});
    if (!plan_.forward_rows.identity()) y_.assign(l.y.size(), Complex{});
    if (!plan_.forward_columns.identity()) z_.assign(l.z.size(), Complex{});
    input_.assign(l.x.size(), Complex{});
    f_rows_.emplace(plan_.forward_rows, comms_->rows, FFTW_FORWARD, *plans_, copy_, context_);
    f_columns_.emplace(plan_.forward_columns, comms_->columns, FFTW_FORWARD, *plans_, copy_, context_);
    b_columns_.emplace(plan_.backward_columns, comms_->columns, FFTW_BACKWARD, *plans_, copy_, context_);
    b_rows_.emplace(plan_.backward_rows, comms_->rows, FFTW_BACKWARD, *plans_, copy_, context_);
    config_ = {spec.mode, spec.tile, spec.window, spec.progress};
    // The 1/N of the backward transform rides on the last copy into X when there is one.
    const double scale = 1.0 / static_cast<double>(spec_.elements());
    Transpose& last = plan_.backward_rows.identity() ? *b_columns_ : *b_rows_;
    scaled_by_copy_ = last.scale_output(scale);
    check_against_graph(context.task);
  }

  void prepare() override {
    write_input();
    const Pair pair = [this](const PipelineConfig& config, app::IterationTimers& timers,
                             PhaseTimers& phases) {
      forward(config, timers, phases);
      backward(config, timers, phases);
    };
    if (spec_.autotune) {
      tuning_ = autotune(pair, config_, spec_.max_tile, comm_);
      config_ = tuning_->best;
    }
    PhaseTimers phases;
    app::IterationTimers timers;
    pair(config_, timers, phases);  // plans and buffers of the timed configuration
    if (config_.mode == TransposeMode::blocking) check_charged_work();
    if (spec_.mode == TransposeMode::overlap && spec_.reference > 0 && spec_.ranks() > 1) {
      reference_ = time_blocking(pair, spec_.reference, comm_);
    }
    transposes_ = evaluate_transposes();
    write_input();
  }

  void iterate(app::IterationTimers& timers) override {
    if (steps_ == spec_.warmup) phases_.reset();  // the timed loop starts: phases count only its transforms
    forward(config_, timers, phases_);
    backward(config_, timers, phases_);
    ++steps_;
  }

  app::Verification verify() override {
    app::Verification v;
    v.error = roundtrip_error();
    v.note = fmt::format("{} forward + backward transform(s) return the input", steps_);
    // A fresh forward transform of the input (checked against a serial FFTW transform of the gathered array
    // on small sizes, and checksummed), then one more round trip.
    std::copy(input_.begin(), input_.end(), x_.begin());
    PhaseTimers phases;
    app::IterationTimers timers;
    forward(config_, timers, phases);
    checksum_ = bitwise_checksum(z(), plan_.layouts.z);
    if (spec_.elements() <= kSerialCheckLimit) {
      v.error = std::max(v.error, forward_error_vs_serial(spec_, comm_, input_.data(), z()));
      v.note += "; forward agrees with a serial FFTW transform of the gathered array";
    } else {
      v.note += fmt::format("; serial check skipped above {} elements", kSerialCheckLimit);
    }
    backward(config_, timers, phases);
    v.error = std::max(v.error, roundtrip_error());
    v.tolerance = 1e-12;
    v.status = v.error <= v.tolerance ? app::VerificationStatus::passed : app::VerificationStatus::failed;
    return v;
  }

  // Collective (every rank reports): phase times are reduced here.
  app::Rate rate(double seconds, int iterations) const override {
    const double N = static_cast<double>(spec_.elements());
    const double flops = 2.0 * 5.0 * N * std::log2(N) * iterations;  // forward + backward
    const double gflops = seconds > 0 ? flops / seconds * 1e-9 : 0.0;
    const double per = iterations > 0 ? 1.0 / iterations : 0.0;
    double local[4] = {phases_.fft.seconds(), phases_.pack.seconds(), phases_.transpose.seconds(),
                       phases_.unpack.seconds()};
    double phase[4] = {0, 0, 0, 0};
    MPI_Allreduce(local, phase, 4, MPI_DOUBLE, MPI_MAX, comm_);
    for (double& p : phase) p *= per;

    app::Rate r;
    r.fields = {
        {"gflops", gflops},
        {"flops_per_transform", 5.0 * N * std::log2(N)},
        {"phases", {{"fft", phase[0]}, {"pack", phase[1]}, {"transpose", phase[2]}, {"unpack", phase[3]}}},
        {"transpose_mode", to_string(config_.mode)},
        {"progress", to_string(config_.progress)},
        {"tile", config_.tile},
        {"window", config_.window},
        {"comm_overhead", phase[2]},
        {"hop_bytes_rows", transposes_.rows.hop_bytes},
        {"hop_bytes_columns", transposes_.columns.hop_bytes},
        {"bytes_rows", transposes_.rows.total_bytes},
        {"bytes_columns", transposes_.columns.total_bytes},
        {"max_link_load_rows", transposes_.rows.max_link_load},
        {"max_link_load_columns", transposes_.columns.max_link_load}};
    std::string overlap;
    if (reference_) {
      const double hidden = reference_->transpose > 0 ? 1.0 - phase[2] / reference_->transpose : 0.0;
      r.fields["comm_overhead_blocking"] = reference_->transpose;
      r.fields["time_blocking"] = reference_->total;
      r.fields["hidden_share"] = hidden;
      overlap = fmt::format("; transpose overhead {:.3e} s vs {:.3e} s blocking: {:.0f}% hidden", phase[2],
                            reference_->transpose, 100 * hidden);
    }
    if (tuning_) r.fields["autotune"] = tuning_->table;
    if (checksum_) r.fields["checksum"] = fmt::format("{:016x}", *checksum_);
    r.line = fmt::format(
        "Rate: {:.4g} GFLOP/s (5 N log2 N, 2 x {} transforms in {:.4e} s); per transform pair: fft {:.3e} s, "
        "pack {:.3e} s, transpose {:.3e} s, unpack {:.3e} s\n  transposes {}{}{}\n  hop-bytes rows {:.4g}, "
        "columns {:.4g}",
        gflops, iterations, seconds, phase[0], phase[1], phase[2], phase[3], to_string(config_.mode),
        config_.mode == TransposeMode::overlap
            ? fmt::format(" (tile {}, window {}, progress {}{})", config_.tile, config_.window,
                          to_string(config_.progress), tuning_ ? ", auto-tuned" : "")
            : "",
        overlap, transposes_.rows.hop_bytes, transposes_.columns.hop_bytes);
    return r;
  }

 private:
  // The arrays of the layouts Y and Z (that of the previous layout where a stage is the identity).
  Complex* y() { return plan_.forward_rows.identity() ? x_.data() : y_.data(); }
  Complex* z() { return plan_.forward_columns.identity() ? y() : z_.data(); }

  // Each transpose runs the FFTs before its exchange and those its output then allows (pair_ffts). A slab's
  // identity row transposes are not run: their FFTs fold into the column transposes.
  void forward(const PipelineConfig& config, app::IterationTimers& timers, PhaseTimers& phases) {
    const PairFfts ffts = pair_ffts(plan_, config.mode);
    if (!plan_.forward_rows.identity()) f_rows_->run(x_.data(), y(), config, timers, phases, ffts.forward_rows);
    f_columns_->run(y(), z(), config, timers, phases, ffts.forward_columns);
  }

  void backward(const PipelineConfig& config, app::IterationTimers& timers, PhaseTimers& phases) {
    const PairFfts ffts = pair_ffts(plan_, config.mode);
    const bool slab = plan_.backward_rows.identity();
    b_columns_->run(z(), y(), config, timers, phases, ffts.backward_columns);
    if (!slab) b_rows_->run(y(), x_.data(), config, timers, phases, ffts.backward_rows);
    if (slab && config.mode == TransposeMode::overlap) {  // the N2 FFTs after the N1 FFTs of each tile
      const FftBatch batch = fft_along(plan_.layouts.x, {2});
      local_work(timers, phases, "fft", fft_units(batch),
                 [&] { plans_->execute(batch, FFTW_BACKWARD, x_.data()); });
    }
    if (!scaled_by_copy_) {  // FFTW does not normalise
      const double scale = 1.0 / static_cast<double>(spec_.elements());
      local_work(timers, phases, "copy", static_cast<double>(x_.size()), [&] {
        for (Complex& value : x_) value *= scale;
      });
    }
  }

  // Each blocking transpose must have charged what blocking_work says (FftProblem::step_work's figures).
  void check_charged_work() const {
    const PairFfts ffts = pair_ffts(plan_, TransposeMode::blocking);
    const auto check = [&](const Transpose& transpose, const StageFfts& stage_ffts, const char* name) {
      const TransposeWork want = blocking_work(transpose.stage(), stage_ffts), got = transpose.charged_work();
      const auto near = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); };
      if (near(got.before.fft, want.before.fft) && near(got.before.copy, want.before.copy) &&
          near(got.after.fft, want.after.fft) && near(got.after.copy, want.after.copy))
        return;
      throw std::logic_error(fmt::format(
          "task {}: the {} transpose charged fft {} + {} and copy {} + {} units (before + after its exchange), "
          "its model fft {} + {} and copy {} + {}",
          context_.task, name, got.before.fft, got.after.fft, got.before.copy, got.after.copy, want.before.fft,
          want.after.fft, want.before.copy, want.after.copy));
    };
    if (!plan_.forward_rows.identity()) check(*f_rows_, ffts.forward_rows, "forward row");
    check(*f_columns_, ffts.forward_columns, "forward column");
    check(*b_columns_, ffts.backward_columns, "backward column");
    if (!plan_.backward_rows.identity()) check(*b_rows_, ffts.backward_rows, "backward row");
  }

  // Work outside the transposes, timed as FFT work.
  template <class F>
  void local_work(app::IterationTimers& timers, PhaseTimers& phases, const char* kind, double units, F&& f) {
    phases.fft.start();
    app::compute_phase(timers, context_, kind, units, std::forward<F>(f));
    phases.fft.stop();
  }

  void write_input() {
    const Block b0 = block_of(spec_.n[0], spec_.pr, r_), b1 = block_of(spec_.n[1], spec_.pc, c_);
    std::size_t next = 0;
    for (int i = 0; i < b0.size; ++i)
      for (int j = 0; j < b1.size; ++j)
        for (int k = 0; k < spec_.n[2]; ++k)
          input_[next++] = input_value(spec_.n, b0.offset + i, b1.offset + j, k);
    std::copy(input_.begin(), input_.end(), x_.begin());
    steps_ = 0;
  }

  double roundtrip_error() const {
    double local[2] = {0, 0};  // max |x - input|, max |input|
    for (std::size_t i = 0; i < x_.size(); ++i) {
      local[0] = std::max(local[0], std::abs(x_[i] - input_[i]));
      local[1] = std::max(local[1], std::abs(input_[i]));
    }
    double global[2] = {0, 0};
    MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_MAX, comm_);
    return global[1] > 0 ? global[0] / global[1] : global[0];
  }

  // Sum of the bit patterns of every element, modulo 2^64: equal checksums mean bitwise-equal results
  // (across placements and backends, with the same FFTW plans).
  std::uint64_t bitwise_checksum(const Complex* values, const Layout& layout) const {
    std::uint64_t local = 0;
    const auto stride = layout.strides();
    const auto& o = layout.order;
    for (std::int64_t i = 0; i < layout.extent[o[0]]; ++i) {  // the elements, not the slice pads
      for (std::int64_t j = 0; j < layout.extent[o[1]] * layout.extent[o[2]]; ++j) {
        const Complex value = values[i * stride[o[0]] + j];
        const double parts[2] = {value.real(), value.imag()};
        std::uint64_t bits[2];
        std::memcpy(bits, parts, sizeof bits);
        local += bits[0] + 3 * bits[1];
      }
    }
    std::uint64_t global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_UINT64_T, MPI_SUM, comm_);
    return global;
  }

  // The exchanges of this task must be the out-edges of the graph the mappers placed.
  void check_against_graph(int task) const {
    std::map<int, double> expected, sent;
    const TaskGraph& g = graphs_.all;
    for (std::int64_t e = g.offsets()[task]; e < g.offsets()[task + 1]; ++e)
      expected[g.targets()[e]] += g.bytes()[e];
    auto add = [&](const Stage& stage, bool rows) {
      for (int peer = 0; peer < stage.ranks(); ++peer) {
        const int other = rows ? r_ * spec_.pc + peer : peer * spec_.pc + c_;
        const double bytes = 16.0 * stage.send_count(peer, stage.planes());
        if (other != task && bytes > 0) sent[other] += bytes;
      }
    };
    add(plan_.forward_rows, true);
    add(plan_.backward_rows, true);
    add(plan_.forward_columns, false);
    add(plan_.backward_columns, false);
    if (sent != expected) {
      throw std::logic_error(
          fmt::format("task {} sends to {} tasks but the task graph has {} out-edges for it", task,
                      sent.size(), expected.size()));
    }
  }

  // Under the mapping the harness applied. Rank 0 evaluates and tells the others what the report needs: under
  // SimGrid every rank shares one process, and P evaluations of graphs of P (PR + PC) messages took minutes at
  // 4,096 ranks (the harness evaluates its metrics on rank 0 alone for the same reason: common/src/reorder.cpp).
  TransposeMetrics evaluate_transposes() const {
    TransposeMetrics t;
    int rank = 0;
    MPI_Comm_rank(comm_, &rank);
    if (rank == 0) t = {evaluate(graphs_.rows, *context_.job, *context_.mapping),
                        evaluate(graphs_.columns, *context_.job, *context_.mapping)};
    double reported[6] = {t.rows.hop_bytes,    t.rows.total_bytes,    t.rows.max_link_load,
                          t.columns.hop_bytes, t.columns.total_bytes, t.columns.max_link_load};
    MPI_Bcast(reported, 6, MPI_DOUBLE, 0, comm_);
    const auto copy = [](const double* r, Metrics& m) {
      m.hop_bytes = r[0];
      m.total_bytes = r[1];
      m.max_link_load = r[2];
    };
    copy(reported, t.rows);
    copy(reported + 3, t.columns);
    return t;
  }

  FftSpec spec_;
  const FftGraphs& graphs_;
  std::shared_ptr<GridComms> comms_;
  app::RunContext context_;  // before the transposes, which keep a reference to it
  MPI_Comm comm_;
  int r_, c_;
  StagePlan plan_;
  CopyFn copy_;
  std::unique_ptr<FftPlans> plans_;
  std::optional<Transpose> f_rows_, f_columns_, b_columns_, b_rows_;
  AlignedVector x_, y_, z_, input_;  // 64-byte aligned, as FFTW-MPI's arrays
  PipelineConfig config_;
  bool scaled_by_copy_ = false;  // the backward transform's 1/N is applied by a transpose's copies
  PhaseTimers phases_;           // of the timed loop
  int steps_ = 0;                // transform pairs since the input was written
  std::optional<BlockingReference> reference_;
  std::optional<Tuning> tuning_;
  std::optional<std::uint64_t> checksum_;  // of the forward result, set by verify()
  TransposeMetrics transposes_;
};

}  // namespace

GridComms::GridComms(const FftSpec& spec, MPI_Comm comm) {
  int task = 0;
  MPI_Comm_rank(comm, &task);
  MPI_Comm_split(comm, task / spec.pc, task % spec.pc, &rows);
  MPI_Comm_split(comm, task % spec.pc, task / spec.pc, &columns);
}

GridComms::~GridComms() {
  if (rows != MPI_COMM_NULL) MPI_Comm_free(&rows);
  if (columns != MPI_COMM_NULL) MPI_Comm_free(&columns);
}

std::unique_ptr<FftRunBase> make_fft_run(const FftSpec& spec, const FftGraphs& graphs,
                                         std::shared_ptr<GridComms> comms, const app::RunContext& context) {
  return std::make_unique<FftRun>(spec, graphs, std::move(comms), context);
}

}  // namespace tamp::fft
