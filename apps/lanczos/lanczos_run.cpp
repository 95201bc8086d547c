// The Lanczos run. Every step: S1-S6 (SpMV by column/row broadcasts and reductions to the diagonal tasks),
// O1-O6 (scatter of w_j over the refolded group, two passes of classical Gram-Schmidt against all Lanczos
// vectors with one allreduce each, norm, gather of v_j back to the diagonal), then dstevr on T.
#include "lanczos_run.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "grid_comms.hpp"
#include "lanczos_problem.hpp"
#include "spmv_kernel.hpp"
#include "tamp/app/compute.hpp"
#include "tridiagonal.hpp"

namespace tamp::lanczos {
namespace {

// The phases of [Aktulga12] Table 2 (t_col, t_row, t_orth) and the local work, in seconds.
enum Phase { kColumn, kRow, kOrth, kSpmv, kTridiagonal, kPhases };
constexpr const char* kPhaseNames[kPhases] = {"t_col", "t_row", "t_orth", "t_spmv", "t_tridiagonal"};

// Start and restart vectors: a function of the (permuted) global index only, so every layout and placement
// starts from the same vector.
double start_value(std::int64_t index, std::uint64_t salt) {
  return 0.5 + static_cast<double>(mix64(static_cast<std::uint64_t>(index) ^ mix64(salt)) >> 11) * 0x1.0p-53;
}

template <class Tag>
class LanczosRun final : public app::Run {
 public:
  LanczosRun(const LanczosProblem& problem, const app::RunContext& context, Block block,
             const GroupMetrics& groups)
      : context_(context),
        spec_(problem.spec()),
        grid_(problem.grid()),
        task_(context.task),
        comms_(grid_, context.comm),
        block_(std::move(block)),
        groups_(groups),
        diagonal_(grid_.diagonal(task_)),
        row_size_(grid_.segment_size(grid_.row(task_))),
        col_size_(grid_.segment_size(grid_.col(task_))),
        group_(grid_.orth_group(task_)),
        piece_(grid_.piece_size(group_, grid_.orth_key(task_))),
        piece_first_(grid_.segment_begin(group_) + grid_.piece_begin(group_, grid_.orth_key(task_))),
        x_col_(col_size_),
        x_row_(row_size_),
        y_row_(row_size_),
        y_col_(col_size_),
        w_(piece_) {
    if (diagonal_) {
      segment_.assign(row_size_, 0.0);
      row_sum_.assign(row_size_, 0.0);
      col_sum_.assign(row_size_, 0.0);
    }
    basis_.reserve(static_cast<std::size_t>(spec_.steps() + 1) * piece_);
    for (std::int64_t i = 0; i < piece_; ++i) w_[i] = start_value(piece_first_ + i, 0);
    append_normalised(norm(w_.data()));
  }

  void iterate(app::IterationTimers& timers) override {
    // S1-S6: w_j on the diagonal tasks.
    apply(segment_.data(), row_sum_.data(), timers);
    // O1-O5.
    start(timers.collective, kOrth);
    comms_.scatter(diagonal_ ? row_sum_.data() : nullptr, w_.data());
    stop(timers.collective, kOrth);
    const int s = static_cast<int>(alpha_.size());
    double alpha = project_out(w_.data(), s + 1, timers)[s];
    alpha += project_out(w_.data(), s + 1, timers)[s];
    double beta = norm(w_.data(), &timers);
    alpha_.push_back(alpha);
    scale_ = std::max(scale_, std::abs(alpha) + beta + (beta_.empty() ? 0.0 : beta_.back()));
    if (beta <= 1e-12 * scale_) {
      // An invariant subspace: continue with a fresh vector orthogonal to all (T decouples, beta = 0).
      for (std::int64_t i = 0; i < piece_; ++i) w_[i] = start_value(piece_first_ + i, s + 1);
      project_out(w_.data(), s + 1, timers);
      project_out(w_.data(), s + 1, timers);
      append_normalised(norm(w_.data(), &timers), &timers);
      beta = 0.0;
    } else {
      append_normalised(beta, &timers);
    }
    beta_.push_back(beta);
    // The tridiagonal eigenproblem (every rank solves the same T).
    // dstevr on the s x s tridiagonal T: units s^2 (bisection and inverse iteration for a few eigenpairs).
    const double order = static_cast<double>(alpha_.size());
    charged(timers, kTridiagonal, "tridiagonal", order * order,
            [&] { ritz_ = lowest_ritz(alpha_, beta_, beta, spec_.eigenvalues); });
    ++steps_;
    const bool converged = std::all_of(ritz_.residuals.begin(), ritz_.residuals.end(),
                                       [&](double r) { return r <= spec_.tolerance * scale_; });
    if (converged && static_cast<int>(ritz_.values.size()) == spec_.eigenvalues && converged_step_ < 0)
      converged_step_ = steps_;
    if (steps_ == spec_.warmup)
      for (auto& t : phases_) t.reset();
    if (steps_ == spec_.steps()) reduce_phases();
  }

  app::Verification verify() override;
  std::vector<double> comparable_result() const override { return ritz_.values; }
  void compare_with_first(const std::vector<double>& first, app::Verification& v) override;

  app::Rate rate(double seconds, int iterations) const override {
    app::Rate r;
    const double flops = 2.0 * total_nonzeros_ * iterations;
    const double gbs = phase_max_[kSpmv] > 0 ? total_bytes_ * iterations / phase_max_[kSpmv] * 1e-9 : 0.0;
    // Shares of the mean over ranks (they add up to at most 100%); the maxima are in the JSON fields.
    const auto share = [&](int p) { return seconds > 0 ? phase_mean_[p] / seconds : 0.0; };
    r.line =
        fmt::format("Rate: {:.4g} GFLOP/s SpMV, local SpMV {:.4g} GB/s (all ranks' bytes / slowest rank)\n",
                    seconds > 0 ? flops / seconds * 1e-9 : 0.0, gbs);
    r.line += fmt::format(
        "Phases (mean over ranks): t_col {:.3e} s ({:.1f}%), t_row {:.3e} s ({:.1f}%), t_orth {:.3e} s "
        "({:.1f}%), "
        "SpMV {:.3e} s, dstevr {:.3e} s\n",
        phase_mean_[kColumn], 100 * share(kColumn), phase_mean_[kRow], 100 * share(kRow), phase_mean_[kOrth],
        100 * share(kOrth), phase_mean_[kSpmv], phase_mean_[kTridiagonal]);
    const auto dtx = [](const GroupDtx& m) {
      return fmt::format("D {:.2f}, T {:.3g}, X {:.3g}", m.dilation, m.traffic, m.congestion);
    };
    r.line += fmt::format("Groups: column {}; row {}\n", dtx(groups_.column), dtx(groups_.row));
    r.line += fmt::format(
        "Lowest eigenvalues: {:.12g}{}", fmt::join(ritz_.values, ", "),
        converged_step_ > 0 ? fmt::format(" (converged at step {})", converged_step_) : " (not converged)");
    if (!note_.empty()) r.line += "\nChecked: " + note_;
    for (int p = 0; p < kPhases; ++p) {
      r.fields[kPhaseNames[p]] = phase_mean_[p];
      r.fields[std::string(kPhaseNames[p]) + "_max"] = phase_max_[p];
      r.fields[std::string(kPhaseNames[p]) + "_share"] = share(p);
    }
    r.fields["spmv_gflops"] = seconds > 0 ? flops / seconds * 1e-9 : 0.0;
    r.fields["spmv_gbs"] = gbs;
    r.fields["spmv_bytes_per_step"] = total_bytes_;
    r.fields["nonzeros"] = total_nonzeros_;
    r.fields["groups"] = to_json(groups_);
    r.fields["eigenvalues"] = ritz_.values;
    r.fields["residual_bounds"] = ritz_.residuals;
    r.fields["converged_step"] = converged_step_;
    r.fields["lanczos_steps"] = steps_;
    return r;
  }

 private:
  void start(app::Timer& harness, int phase) {
    harness.start();
    phases_[phase].start();
  }
  void stop(app::Timer& harness, int phase) {
    harness.stop();
    phases_[phase].stop();
  }
  // A kernel of `phase` through compute_phase() (the run's compute model and --skeleton).
  template <class Kernel>
  void charged(app::IterationTimers& timers, int phase, const char* kind, double units, Kernel&& kernel) {
    phases_[phase].start();
    app::compute_phase(timers, context_, kind, units, std::forward<Kernel>(kernel));
    phases_[phase].stop();
  }

  // S1-S6: out = H in on the diagonal tasks (`in`, `out` are their segments; ignored elsewhere).
  void apply(const double* in, double* out, app::IterationTimers& timers) {
    start(timers.collective, kColumn);
    if (diagonal_) std::copy(in, in + col_size_, x_col_.begin());
    MPI_Bcast(x_col_.data(), static_cast<int>(col_size_), MPI_DOUBLE, 0, comms_.column());
    stop(timers.collective, kColumn);
    start(timers.collective, kRow);
    if (diagonal_) std::copy(in, in + row_size_, x_row_.begin());
    MPI_Bcast(x_row_.data(), static_cast<int>(row_size_), MPI_DOUBLE, 0, comms_.row());
    stop(timers.collective, kRow);
    const double nonzeros = static_cast<double>(block_.matrix.nonzeros()) +
                            (diagonal_ ? 0.0 : static_cast<double>(block_.transposed.nonzeros()));
    charged(timers, kSpmv, "nonzero", nonzeros, [&] {
      multiply(Tag{}, block_.matrix, x_col_.data(), y_row_.data());
      if (!diagonal_) multiply(Tag{}, block_.transposed, x_row_.data(), y_col_.data());
    });
    // The diagonal block already holds its symmetric product in y_row: it adds nothing to its column.
    if (diagonal_) std::fill(y_col_.begin(), y_col_.end(), 0.0);
    start(timers.collective, kRow);
    MPI_Reduce(y_row_.data(), diagonal_ ? out : nullptr, static_cast<int>(row_size_), MPI_DOUBLE, MPI_SUM, 0,
               comms_.row());
    stop(timers.collective, kRow);
    start(timers.collective, kColumn);
    MPI_Reduce(y_col_.data(), diagonal_ ? col_sum_.data() : nullptr, static_cast<int>(col_size_), MPI_DOUBLE,
               MPI_SUM, 0, comms_.column());
    stop(timers.collective, kColumn);
    if (diagonal_)
      for (std::int64_t i = 0; i < row_size_; ++i) out[i] += col_sum_[i];
  }

  // O2-O3: w -= V c with c = V^T w over the first `vectors` Lanczos vectors; returns c. Each coefficient and
  // each entry is summed by one thread in a fixed order, so results do not depend on the thread count.
  std::vector<double> project_out(double* w, int vectors, app::IterationTimers& timers) {
    std::vector<double> c(static_cast<std::size_t>(vectors), 0.0);
    const double* v = basis_.data();
    const std::int64_t p = piece_;
    const double units = static_cast<double>(vectors) * static_cast<double>(p);  // entries of V read
    charged(timers, kOrth, "vector", units, [&] {
#pragma omp parallel for schedule(static)
      for (int j = 0; j < vectors; ++j) {
        double sum = 0.0;
        for (std::int64_t i = 0; i < p; ++i) sum += v[j * p + i] * w[i];
        c[j] = sum;
      }
    });
    start(timers.collective, kOrth);
    MPI_Allreduce(MPI_IN_PLACE, c.data(), vectors, MPI_DOUBLE, MPI_SUM, comms_.all());
    stop(timers.collective, kOrth);
    charged(timers, kOrth, "vector", units, [&] {
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < p; ++i) {
        double sum = 0.0;
        for (int j = 0; j < vectors; ++j) sum += c[j] * v[j * p + i];
        w[i] -= sum;
      }
    });
    return c;
  }

  // O4: ||w|| by a scalar allreduce.
  double norm(const double* w, app::IterationTimers* timers = nullptr) {
    double sum = 0.0;
    const auto kernel = [&] {
      for (std::int64_t i = 0; i < piece_; ++i) sum += w[i] * w[i];
    };
    if (timers) {
      charged(*timers, kOrth, "vector", static_cast<double>(piece_), kernel);
      if (context_.skeleton) sum = 1.0;  // data not computed: any non-zero norm keeps the step going
      start(timers->collective, kOrth);
    } else {
      kernel();
    }
    MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_DOUBLE, MPI_SUM, comms_.all());
    if (timers) stop(timers->collective, kOrth);
    return std::sqrt(sum);
  }

  // O5-O6: v = w / ||w|| appended to the local basis and gathered into the diagonal task's segment.
  void append_normalised(double length, app::IterationTimers* timers = nullptr) {
    const std::size_t first = basis_.size();
    basis_.resize(first + static_cast<std::size_t>(piece_));
    const auto kernel = [&] {
      for (std::int64_t i = 0; i < piece_; ++i) basis_[first + i] = w_[i] / length;
    };
    if (timers) {
      charged(*timers, kOrth, "vector", static_cast<double>(piece_), kernel);
      start(timers->collective, kOrth);
    } else {
      kernel();
    }
    comms_.gather(basis_.data() + first, diagonal_ ? segment_.data() : nullptr);
    if (timers) stop(timers->collective, kOrth);
  }

  void reduce_phases() {
    double local[kPhases];
    for (int p = 0; p < kPhases; ++p) local[p] = phases_[p].seconds();
    MPI_Allreduce(local, phase_max_, kPhases, MPI_DOUBLE, MPI_MAX, comms_.all());
    MPI_Allreduce(local, phase_mean_, kPhases, MPI_DOUBLE, MPI_SUM, comms_.all());
    for (double& t : phase_mean_) t /= grid_.tasks();
    double work[2] = {static_cast<double>(block_.matrix.nonzeros() + block_.transposed.nonzeros()),
                      multiply_bytes(block_.matrix) + (diagonal_ ? 0.0 : multiply_bytes(block_.transposed))};
    MPI_Allreduce(MPI_IN_PLACE, work, 2, MPI_DOUBLE, MPI_SUM, comms_.all());
    total_nonzeros_ = work[0];
    total_bytes_ = work[1];
  }

  std::vector<double> true_residuals();

  app::RunContext context_;
  const LanczosSpec& spec_;
  const Grid& grid_;
  int task_;
  GridComms comms_;
  Block block_;
  GroupMetrics groups_;
  bool diagonal_;
  std::int64_t row_size_, col_size_;
  int group_;
  std::int64_t piece_, piece_first_;
  std::vector<double> x_col_, x_row_, y_row_, y_col_;
  std::vector<double> segment_, row_sum_, col_sum_;  // diagonal tasks: v_j, then w_j
  std::vector<double> w_;                            // this task's piece of w
  std::vector<double> basis_;                        // pieces of v_0, v_1, ..., piece_ entries each
  std::vector<double> alpha_, beta_;
  double scale_ = 0.0;  // Gershgorin bound of ||T||
  RitzValues ritz_;
  int steps_ = 0;
  int converged_step_ = -1;
  std::string note_;  // what verify() checked or found wrong, printed with the rate
  app::Timer phases_[kPhases];
  double phase_max_[kPhases] = {};
  double phase_mean_[kPhases] = {};
  double total_nonzeros_ = 0.0;
  double total_bytes_ = 0.0;
};

// Checks: the lowest k converged; their true residuals ||H psi - theta psi|| (Ritz vectors psi = V u built on
// the refolded grid, one more distributed SpMV each) agree with convergence; the Laplacian's eigenvalues
// match the closed form to 1e-8. compare_with_first: every placement gives the eigenvalues of the first one.
template <class Tag>
app::Verification LanczosRun<Tag>::verify() {
  const std::vector<double> residuals = true_residuals();
  double worst = 0.0;
  for (const double r : residuals) worst = std::max(worst, r / scale_);
  app::Verification v;
  std::vector<std::string> failures;
  if (converged_step_ < 0)
    failures.push_back(fmt::format("the lowest {} did not converge in {} steps (raise --iterations)",
                                   spec_.eigenvalues, steps_));
  if (!(worst <= 2 * spec_.tolerance))
    failures.push_back(
        fmt::format("a Ritz pair has a true relative residual {:.3g} > {:.3g}", worst, 2 * spec_.tolerance));
  v.error = worst;
  v.tolerance = 2 * spec_.tolerance;
  std::string checked =
      fmt::format("true residuals of {} Ritz pairs <= {:.3g} ||T||", residuals.size(), v.tolerance);
  if (spec_.matrix.has_closed_form()) {
    std::vector<double> distinct;  // a Krylov space holds one vector per eigenspace
    for (const double theta : ritz_.values)
      if (distinct.empty() || theta - distinct.back() > 1e-8) distinct.push_back(theta);
    const std::vector<double> exact = laplace_lowest(spec_.matrix.dims, spec_.eigenvalues);
    const std::size_t count = std::min(distinct.size(), exact.size());
    if (count < exact.size())
      failures.push_back(fmt::format("only {} distinct Ritz values for {} eigenvalues", count, exact.size()));
    v.error = 0.0;
    for (std::size_t i = 0; i < count; ++i) v.error = std::max(v.error, std::abs(distinct[i] - exact[i]));
    v.tolerance = 1e-8;
    if (!(v.error <= v.tolerance))
      failures.push_back(fmt::format("eigenvalue error {:.3g} against the closed form", v.error));
    checked = fmt::format("lowest {} eigenvalues against the closed form, ", count) + checked;
  }
  v.status = failures.empty() ? app::VerificationStatus::passed : app::VerificationStatus::failed;
  v.note = failures.empty() ? checked : fmt::format("{}", fmt::join(failures, "; "));
  note_ = v.note;
  if (!failures.empty()) v.error = std::max(v.error, 2 * v.tolerance);
  return v;
}

// The eigenvalues of the first placement, to rounding: a failure joins verify()'s failures, a pass extends
// what it checked.
template <class Tag>
void LanczosRun<Tag>::compare_with_first(const std::vector<double>& first, app::Verification& v) {
  double diff = first.size() == ritz_.values.size() ? 0.0 : 1.0;
  for (std::size_t i = 0; i < std::min(first.size(), ritz_.values.size()); ++i)
    diff = std::max(diff, std::abs(first[i] - ritz_.values[i]) / scale_);
  const bool passed = v.status == app::VerificationStatus::passed;
  if (!(diff <= 1e-10)) {
    const std::string failure =
        fmt::format("eigenvalues differ from the first placement's by {:.3g} ||T||", diff);
    v.note = passed ? failure : v.note + "; " + failure;
    v.status = app::VerificationStatus::failed;
    v.error = std::max(v.error, 2 * v.tolerance);
  } else if (passed) {
    v.note += fmt::format(", equal to the first placement's (max difference {:.2g} ||T||)", diff);
  }
  note_ = v.note;
}

template <class Tag>
std::vector<double> LanczosRun<Tag>::true_residuals() {
  const std::size_t s = alpha_.size();  // T is s x s over v_0 .. v_{s-1}
  std::vector<double> residuals;
  std::vector<double> psi(static_cast<std::size_t>(piece_)), h_psi(psi.size());
  std::vector<double> in(diagonal_ ? row_size_ : 0), out(in.size());
  app::IterationTimers scratch;
  for (std::size_t k = 0; k < ritz_.values.size(); ++k) {
    const double* u = ritz_.vectors.data() + k * s;
    std::fill(psi.begin(), psi.end(), 0.0);
    for (std::size_t j = 0; j < s; ++j)
      for (std::int64_t i = 0; i < piece_; ++i) psi[i] += u[j] * basis_[j * piece_ + i];
    comms_.gather(psi.data(), diagonal_ ? in.data() : nullptr);
    apply(in.data(), out.data(), scratch);
    comms_.scatter(diagonal_ ? out.data() : nullptr, h_psi.data());
    double sum = 0.0;
    for (std::int64_t i = 0; i < piece_; ++i) {
      const double r = h_psi[i] - ritz_.values[k] * psi[i];
      sum += r * r;
    }
    MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_DOUBLE, MPI_SUM, comms_.all());
    residuals.push_back(std::sqrt(sum));
  }
  return residuals;
}

}  // namespace

std::unique_ptr<app::Run> make_lanczos_run(const LanczosProblem& problem, const app::RunContext& context,
                                           Block block, const GroupMetrics& groups) {
  return app::with_backend(context.backend, [&](auto tag) -> std::unique_ptr<app::Run> {
    return std::make_unique<LanczosRun<decltype(tag)>>(problem, context, std::move(block), groups);
  });
}

}  // namespace tamp::lanczos
