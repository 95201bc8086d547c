// The halo Run: one iterate() is one MiniGhost time step. The grid-sum check runs every step for the summed
// variables, as in MiniGhost; a step that fails it makes the run fail (verify() reports it, exit status 1).
#include "halo_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "halo_block.hpp"
#include "halo_exchange.hpp"
#include "halo_flux.hpp"
#include "halo_kernel.hpp"
#include "halo_sum.hpp"
#include "halo_yaml.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/compute.hpp"
#include "tamp/app/field_memory.hpp"
#include "tamp/app/reduce_stats.hpp"
#include "tamp/app/slot_order_comm.hpp"

namespace tamp::halo {
namespace {

// The exchange must send what the task graph's p2p phases say (bytes x count per step), or the mappers
// optimised other messages than these.
void check_against_graph(const HaloExchange& halo, const TaskGraph& graph, int task) {
  std::map<int, double> expected;
  if (!graph.has_phases()) {
    for (std::int64_t e = graph.offsets()[task]; e < graph.offsets()[task + 1]; ++e)
      expected[graph.targets()[e]] += graph.bytes()[e];
  }
  for (const Phase& phase : graph.phases()) {
    if (phase.kind != PhaseKind::p2p) continue;
    for (const Edge& e : phase.edges)
      if (e.src == task) expected[e.dst] += e.bytes * phase.count;
  }
  if (halo.bytes_per_step() != expected) {
    throw std::logic_error(
        fmt::format("task {} sends {} face messages per step but the task graph's p2p phases differ ({} "
                    "neighbours)",
                    task, halo.bytes_per_step().size(), expected.size()));
  }
}

struct Failure {
  int tstep, spike, var;
  double error;
};

template <class Tag>
class HaloRun final : public app::Run {
 public:
  HaloRun(const HaloSpec& spec, const Sources& sources, const TaskGraph& graph,
          const app::RunContext& context)
      : spec_(spec),
        context_(context),
        sources_(sources),
        comm_(context.comm),
        task_(context.task),
        threads_(context.threads),
        block_(block_of_task(spec, context.task)),
        layout_(block_.layout),
        halo_(spec, block_, context.comm, app::fold_fields(context)),
        flux_(spec, block_),
        flux_out_(spec.vars, 0.0),
        source_total_(sources.initial_total) {
    check_against_graph(halo_, graph, task_);
    // The grid sums' MPI_Allreduce adds doubles whatever the order of the ranks (the checks allow
    // 10^-error_tol), so --sum_comm launcher may run it on the launcher's order; the task graph says so
    // (sum_comm=launcher).
    if (spec.launcher_sums) launcher_order_ = std::make_unique<app::SlotOrderComm>(context);
    sum_comm_ = launcher_order_ ? launcher_order_->get() : comm_;
    // A skeleton run of the simulated build folds the grids across ranks: MiniGhost's 60^3 x 40 variables per
    // rank fit at thousands of ranks (nothing is computed or checked on them).
    // One block for all of them: one memory map per rank when folded; each grid at a multiple of 64 bytes in
    // it.
    const auto stride = static_cast<std::size_t>((layout_.size() + 7) / 8 * 8);
    fields_ = app::FieldMemory(stride * (spec.vars + 1), app::fold_fields(context));
    for (int v = 0; v <= spec.vars; ++v) grids_.push_back(fields_.data() + stride * v);
    spare_ = grids_.back();  // the sweep's output; it takes the place of the variable it updated
    grids_.pop_back();
    if (context.skeleton) return;  // nothing is computed on the grids
    for (double* g : grids_)
      for (int k = 1; k <= layout_.n[2]; ++k)
        for (int j = 1; j <= layout_.n[1]; ++j)
          for (int i = 1; i <= layout_.n[0]; ++i) g[layout_.index(i, j, k)] = sources.initial_value;
  }

  void iterate(app::IterationTimers& timers) override {
    if (step_ % spec_.tsteps == 0) insert_spike(step_ / spec_.tsteps);
    if (spec_.comm == CommMethod::bspma) exchange(timers, 0, spec_.vars);
    for (int v = 0; v < spec_.vars; ++v) {
      if (spec_.comm == CommMethod::svaf) exchange(timers, v, 1);
      stencil_seconds_ += charged(timers, "cell_point", cells() * spec_.points(),
                                  [&] { sweep(Tag{}, spec_.points(), layout_, grids_[v], spare_); });
      // The heat the sweep let out, from its input (intact: the sweep wrote spare_), read while the sweep has
      // just brought it into cache: MiniGhost's cells and order, after the sweep instead of before.
      bc_seconds_ += charged(timers, "flux", static_cast<double>(flux_.cells()),
                             [&] { flux_.accumulate(grids_[v], flux_out_[v]); });
      std::swap(grids_[v], spare_);
      if (sources_.summed[v]) check_sum(timers, v);
    }
    ++step_;
  }

  app::Verification verify() override {
    // MiniGhost's final check: every variable, summed or not.
    final_sums_.assign(spec_.vars, 0.0);
    std::vector<double> local(spec_.vars);
    for (int v = 0; v < spec_.vars; ++v) local[v] = grid_sum_minighost(layout_, grids_[v]) + flux_out_[v];
    MPI_Allreduce(local.data(), final_sums_.data(), spec_.vars, MPI_DOUBLE, MPI_SUM, comm_);
    app::Verification result;
    result.tolerance = spec_.tolerance();
    for (int v = 0; v < spec_.vars; ++v) {
      const double error = std::abs(source_total_[v] - final_sums_[v]) / source_total_[v];
      result.error = std::max(result.error, error);
      if (task_ == 0) {
        std::printf(" final grid sum var %3d = %23.15E source %23.15E\n", v + 1, final_sums_[v],
                    source_total_[v]);
      }
    }
    if (failure_) result.error = std::max(result.error, failure_->error);
    const bool passed = !failure_ && result.error <= result.tolerance;
    result.status = passed ? app::VerificationStatus::passed : app::VerificationStatus::failed;
    result.note = failure_ ? fmt::format("grid sum of variable {} off by {:.5e} at step {} of spike {}",
                                         failure_->var, failure_->error, failure_->tstep, failure_->spike)
                           : fmt::format("{} steps, grid sums within {:.0e} of the injected heat", step_,
                                         result.tolerance);
    verification_ = std::string(app::to_string(result.status));
    checksum_ = bitwise_checksum();
    return result;
  }

  // Collective (every rank calls rate()): the phase times are reduced here.
  app::Rate rate(double seconds, int iterations) const override {
    const auto stats = app::reduce_stats({stencil_seconds_, bc_seconds_, comm_seconds_, sum_seconds_}, comm_);
    auto mam = [&](int i) { return MinAvgMax{stats[i].min, stats[i].mean, stats[i].max}; };
    const double cell_steps = static_cast<double>(spec_.global_cells()) * spec_.vars * iterations;
    YamlResults y;
    y.processes = spec_.ranks();
    y.threads = threads_;
    y.num_sum_grid = static_cast<int>(std::count(sources_.summed.begin(), sources_.summed.end(), true));
    y.total_time = seconds;
    y.comp_time = mam(0);
    y.bc_time = mam(1);
    y.comm_time = mam(2);
    y.sum_time = mam(3);
    y.sums = cell_steps * (spec_.points() - 1);
    y.divides = cell_steps;
    y.flops = y.sums + y.divides;
    const auto [messages, bytes] = traffic(iterations);
    y.messages = messages;
    y.bytes = bytes;
    y.grid_sums = final_sums_;
    if (!final_sums_.empty()) y.source_total = source_total_;
    y.verification = verification_;
    // Every rank reaches this point: a write error on task 0 becomes one agreed error line, not an abort.
    app::collectively(comm_, [&] {
      if (task_ == 0 && !spec_.yaml.empty()) append_yaml(spec_.yaml, spec_, y);
    });

    const double per_step = iterations > 0 ? seconds / iterations : 0.0;
    const double gflops = seconds > 0 ? y.flops / seconds * 1e-9 : 0.0;
    app::Rate r;
    r.line =
        fmt::format("Rate: {:.4g} GFLOPS, {:.4e} s per step ({} cells x {} variables x {} steps in {:.4e} s)",
                    gflops, per_step, spec_.global_cells(), spec_.vars, iterations, seconds);
    if (spec_.report_perf > 0) {
      r.line += fmt::format(
          "\n  phases (max over ranks): stencil {:.4e} s, boundary flux {:.4e} s, exchange {:.4e} s, "
          "grid sums {:.4e} s; {} messages, {:.4e} bytes",
          stats[0].max, stats[1].max, stats[2].max, stats[3].max, messages, bytes);
    }
    r.fields = {{"gflops", gflops},
                {"seconds_per_step", per_step},
                {"steps", iterations},
                {"messages", messages},
                {"bytes_sent", bytes},
                {"time_stencil_max", stats[0].max},
                {"time_bc_max", stats[1].max},
                {"time_exchange_max", stats[2].max},
                {"time_sumgrid_max", stats[3].max}};
    if (checksum_) r.fields["checksum"] = fmt::format("{:016x}", *checksum_);
    if (!final_sums_.empty()) {
      r.fields["grid_sums"] = final_sums_;
      r.fields["source_total"] = source_total_;
    }
    return r;
  }

 private:
  void exchange(app::IterationTimers& timers, int first_var, int vars) {
    timers.exchange.start();
    halo_.exchange(grids_, first_var, vars);
    comm_seconds_ += timers.exchange.stop();
  }

  double cells() const { return static_cast<double>(layout_.n[0]) * layout_.n[1] * layout_.n[2]; }

  // compute_phase(); returns the seconds it took (for MiniGhost's phase times).
  template <class Kernel>
  double charged(app::IterationTimers& timers, const char* kind, double units, Kernel&& kernel) {
    const double before = timers.compute.seconds();
    app::compute_phase(timers, context_, kind, units, std::forward<Kernel>(kernel));
    return timers.compute.seconds() - before;
  }

  void insert_spike(int s) {
    const Spike& spike = sources_.spikes[s];
    std::array<std::int64_t, 3> at{};
    bool mine = true;
    for (int d = 0; d < 3; ++d) {
      at[d] = spike.cell[d] - block_.first[d] + 1;
      mine = mine && at[d] >= 1 && at[d] <= layout_.n[d];
    }
    for (int v = 0; v < spec_.vars; ++v) {
      source_total_[v] += spike.amount[v];
      if (mine) grids_[v][layout_.index(at[0], at[1], at[2])] += spike.amount[v];
    }
  }

  // MG_SUM_GRID and the check of DRIVER_BSPMA / DRIVER_SVAF: one MPI_Allreduce per summed variable, as there;
  // the local sum in an order that vectorises (halo_sum.hpp).
  void check_sum(app::IterationTimers& timers, int v) {
    double local = 0.0;
    sum_seconds_ +=
        charged(timers, "sum", cells(), [&] { local = grid_sum(layout_, grids_[v]) + flux_out_[v]; });
    timers.collective.start();
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, sum_comm_);
    sum_seconds_ += timers.collective.stop();
    if (context_.skeleton) return;  // the grids were not computed: nothing to check
    const double error = std::abs(source_total_[v] - global) / source_total_[v];
    const int tstep = step_ % spec_.tsteps + 1;
    const int spike = step_ / spec_.tsteps + 1;
    const bool failed = error > spec_.tolerance();
    if (failed && !failure_) failure_ = Failure{tstep, spike, v + 1, error};
    if (task_ == 0 &&
        ((failed && failure_->tstep == tstep && failure_->spike == spike && failure_->var == v + 1) ||
         tstep % spec_.report_diffusion == 0)) {
      std::printf(
          "Time step %4d for spike %3d for variable %4d the error is %12.5E; error tolerance is %12.5E.\n",
          tstep, spike, v + 1, error, spec_.tolerance());
    }
  }

  // Sum of the bit patterns of every owned cell of every variable, modulo 2^64: equal checksums mean
  // bitwise-equal grids (across placements and backends), whatever the order of the reduction.
  std::uint64_t bitwise_checksum() const {
    std::uint64_t local = 0;
    for (const double* g : grids_)
      for (int k = 1; k <= layout_.n[2]; ++k)
        for (int j = 1; j <= layout_.n[1]; ++j)
          for (int i = 1; i <= layout_.n[0]; ++i) {
            std::uint64_t bits = 0;
            std::memcpy(&bits, &g[layout_.index(i, j, k)], sizeof bits);
            local += bits;
          }
    std::uint64_t global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_UINT64_T, MPI_SUM, comm_);
    return global;
  }

  // Messages and bytes sent by all ranks in `iterations` steps (SVAF: one message per variable per face).
  std::pair<long long, double> traffic(int iterations) const {
    long long faces = 0;
    double bytes = 0;
    for (const auto& [task, b] : halo_.bytes_per_step()) ++faces, bytes += b;
    const long long per_face = spec_.comm == CommMethod::svaf ? spec_.vars : 1;
    double local[2] = {static_cast<double>(faces * per_face) * iterations, bytes * iterations};
    double global[2] = {0, 0};
    MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_SUM, comm_);
    return {static_cast<long long>(global[0]), global[1]};
  }

  HaloSpec spec_;
  app::RunContext context_;
  const Sources& sources_;  // owned by the problem, which outlives its runs
  MPI_Comm comm_;
  std::unique_ptr<app::SlotOrderComm> launcher_order_;  // --sum_comm launcher
  MPI_Comm sum_comm_;                                   // the grid sums' communicator
  int task_;
  int threads_;
  Block block_;
  BlockLayout layout_;
  HaloExchange halo_;
  BoundaryFlux flux_;
  app::FieldMemory fields_;     // num_vars + 1 blocks with ghosts
  std::vector<double*> grids_;  // variable v's current block
  double* spare_ = nullptr;
  std::vector<double> flux_out_;      // heat let out through the boundary, per variable (this rank)
  std::vector<double> source_total_;  // heat put in, per variable (all ranks)
  std::vector<double> final_sums_;    // set by verify()
  std::string verification_ = "skipped";
  std::optional<Failure> failure_;
  std::optional<std::uint64_t> checksum_;  // set by verify()
  int step_ = 0;
  double stencil_seconds_ = 0, bc_seconds_ = 0, comm_seconds_ = 0, sum_seconds_ = 0;
};

}  // namespace

std::unique_ptr<app::Run> make_halo_run(const HaloSpec& spec, const Sources& sources, const TaskGraph& graph,
                                        const app::RunContext& context) {
  return app::with_backend(context.backend, [&](auto tag) -> std::unique_ptr<app::Run> {
    return std::make_unique<HaloRun<decltype(tag)>>(spec, sources, graph, context);
  });
}

}  // namespace tamp::halo
