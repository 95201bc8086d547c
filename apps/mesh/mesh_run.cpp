// The explicit heat solver on one chunk: exchange ghosts while the interior elements are computed, then the
// boundary elements and the owned nodes.
#include "mesh_run.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "chunk.hpp"
#include "ghost_exchange.hpp"
#include "heat.hpp"
#include "heat_kernel.hpp"
#include "mesh_problem.hpp"
#include "tamp/app/compute.hpp"

namespace tamp::mesh {
namespace {

// Ghost bytes must equal the graph's out-edges of the task, or the mapper optimised other messages than
// these.
void check_against_graph(const GhostExchange& exchange, const TaskGraph& graph, int task) {
  std::map<int, double> expected;
  for (std::int64_t e = graph.offsets()[task]; e < graph.offsets()[task + 1]; ++e)
    if (graph.targets()[e] != task) expected[graph.targets()[e]] += graph.bytes()[e];
  if (exchange.bytes_to_tasks() != expected) {
    throw std::logic_error(
        fmt::format("chunk {} sends {} ghost messages but the task graph has {} out-edges for it", task,
                    exchange.bytes_to_tasks().size(), expected.size()));
  }
}

// The decomposition's count of the chunk's work must be the chunk's, or the predicted communication time
// (MeshProblem::step_work) is that of another computation.
void check_step_work(const Chunk& chunk, const Decomposition& dec, int task) {
  if (chunk.num_elements() != dec.computed[task] || chunk.interior != dec.interior[task] ||
      chunk.owned != dec.owned[task]) {
    throw std::logic_error(fmt::format(
        "chunk {} computes {} elements ({} interior) and owns {} nodes, its decomposition counts {} ({}) and {}",
        task, chunk.num_elements(), chunk.interior, chunk.owned, dec.computed[task], dec.interior[task],
        dec.owned[task]));
  }
}

// Relative tolerance of the total heat after the run (rounding of a few sums per step; stated in the docs).
constexpr double kHeatTolerance = 1e-10;

template <class Tag>
class MeshRun final : public app::Run {
 public:
  MeshRun(const MeshProblem& problem, const app::RunContext& context)
      : problem_(problem),
        context_(context),
        comm_(context.comm),
        threads_(context.threads),
        chunk_(make_chunk(problem.mesh(), problem.decomposition(), context.task, problem.time_step())),
        exchange_(chunk_, context.comm),
        u_(chunk_.nodes.size()),
        next_(u_.size(), 0.0),
        contribution_(chunk_.conn.size(), 0.0) {
    check_against_graph(exchange_, problem.task_graph(), context.task);
    check_step_work(chunk_, problem.decomposition(), context.task);
    for (std::size_t k = 0; k < u_.size(); ++k) u_[k] = initial_temperature(chunk_.nodes[k]);
    for (int i = 0; i < chunk_.owned; ++i) {
      heat0_ += chunk_.mass[i] * u_[i];
      abs_heat0_ += std::abs(chunk_.mass[i] * u_[i]);
    }
  }

  void iterate(app::IterationTimers& timers) override {
    timers.exchange.start();
    exchange_.start(u_.data());
    timers.exchange.stop();

    // Units per rank: the chunks of a partition differ in size, and so does their compute time.
    app::compute_phase(timers, context_, "element", static_cast<double>(chunk_.interior), [&] {
      element_loop(Tag{}, chunk_, 0, chunk_.interior, u_.data(), contribution_.data());
    });

    timers.exchange.start();
    exchange_.finish(u_.data());
    timers.exchange.stop();

    app::compute_phase(timers, context_, "element",
                       static_cast<double>(chunk_.num_elements() - chunk_.interior), [&] {
                         element_loop(Tag{}, chunk_, chunk_.interior, chunk_.num_elements(), u_.data(),
                                      contribution_.data());
                       });
    app::compute_phase(timers, context_, "node", static_cast<double>(chunk_.owned),
                       [&] { node_loop(Tag{}, chunk_, u_.data(), contribution_.data(), next_.data()); });

    std::swap(u_, next_);  // the ghosts of the new field are refreshed by the next exchange before use
    ++steps_;
  }

  app::Verification verify() override {
    const std::vector<double>& expected = problem_.reference(steps_);
    double local_max[2] = {0.0, 0.0};  // max |u - serial|, max |u|
    double local_sum[3] = {heat0_, abs_heat0_, 0.0};
    for (int i = 0; i < chunk_.owned; ++i) {
      local_max[0] = std::max(local_max[0], std::abs(u_[i] - expected[chunk_.nodes[i]]));
      local_max[1] = std::max(local_max[1], std::abs(u_[i]));
      local_sum[2] += chunk_.mass[i] * u_[i];
    }
    double global_max[2], global_sum[3];
    MPI_Allreduce(local_max, global_max, 2, MPI_DOUBLE, MPI_MAX, comm_);
    MPI_Allreduce(local_sum, global_sum, 3, MPI_DOUBLE, MPI_SUM, comm_);
    checksum_ = bitwise_checksum();
    const double heat_drift = std::abs(global_sum[2] - global_sum[0]) / global_sum[1];
    app::Verification v;
    v.error = global_max[0];
    v.tolerance = 1e-12 * global_max[1];
    const bool conserved = heat_drift <= kHeatTolerance;
    v.status = v.error <= v.tolerance && conserved ? app::VerificationStatus::passed
                                                   : app::VerificationStatus::failed;
    v.note = fmt::format(
        "{} steps checked against a serial run of the whole mesh; total heat {:.15g}, relative drift {:.2e} "
        "(tolerance {:.0e}){}",
        steps_, global_sum[2], heat_drift, kHeatTolerance, conserved ? "" : ": NOT conserved");
    return v;
  }

  app::Rate rate(double seconds, int iterations) const override {
    int ranks = 1;
    MPI_Comm_size(comm_, &ranks);
    const double updates = static_cast<double>(problem_.mesh().num_cells()) * iterations;
    const double per_s = seconds > 0 ? updates / seconds : 0.0;
    const double per_core = per_s / (static_cast<double>(ranks) * threads_);
    app::Rate r;
    r.line = fmt::format(
        "Rate: {:.4g} M element updates/s, {:.4g} M per core ({} elements x {} iterations in {:.4e} s)",
        per_s * 1e-6, per_core * 1e-6, problem_.mesh().num_cells(), iterations, seconds);
    r.fields = {{"element_updates_per_s", per_s},
                {"element_updates_per_s_per_core", per_core},
                {"element_updates", updates}};
    if (checksum_) r.fields["checksum"] = fmt::format("{:016x}", *checksum_);
    return r;
  }

 private:
  // Sum of the bit patterns of every owned node (each node once in the job), modulo 2^64: equal checksums
  // mean bitwise-equal temperatures across placements, backends and rank counts.
  std::uint64_t bitwise_checksum() const {
    std::uint64_t local = 0;
    for (int i = 0; i < chunk_.owned; ++i) {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &u_[i], sizeof bits);
      local += bits;
    }
    std::uint64_t global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_UINT64_T, MPI_SUM, comm_);
    return global;
  }

  const MeshProblem& problem_;
  app::RunContext context_;
  MPI_Comm comm_;
  int threads_;
  Chunk chunk_;
  GhostExchange exchange_;
  std::vector<double> u_;             // owned then ghost temperatures
  std::vector<double> next_;          // the owned part of the next step
  std::vector<double> contribution_;  // nv per local element
  double heat0_ = 0;                  // this chunk's share of the initial total heat, and of its magnitude
  double abs_heat0_ = 0;
  int steps_ = 0;                          // steps done, warm-up included
  std::optional<std::uint64_t> checksum_;  // set by verify()
};

}  // namespace

std::unique_ptr<app::Run> make_mesh_run(const MeshProblem& problem, const app::RunContext& context) {
  return app::with_backend(context.backend, [&](auto tag) -> std::unique_ptr<app::Run> {
    return std::make_unique<MeshRun<decltype(tag)>>(problem, context);
  });
}

}  // namespace tamp::mesh
