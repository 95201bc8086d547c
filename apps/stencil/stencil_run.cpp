// The stencil's Run: interior sweep while the halo messages are in flight, then the boundary layer (or, with
// --no-overlap, the whole exchange, then every cell).
#include "stencil_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "field.hpp"
#include "geometry.hpp"
#include "halo_exchange.hpp"
#include "initial_field.hpp"
#include "reference.hpp"
#include "stencil_kernel.hpp"
#include "tamp/app/compute.hpp"
#include "tamp/app/field_memory.hpp"

namespace tamp::stencil {
namespace {

// Halo bytes must equal the graph's out-edges of the task, or the mapper optimised other messages than these.
void check_against_graph(const HaloExchange& halo, const TaskGraph& graph, int task) {
  std::map<int, double> expected;
  for (std::int64_t e = graph.offsets()[task]; e < graph.offsets()[task + 1]; ++e) {
    if (graph.targets()[e] != task) expected[graph.targets()[e]] += graph.bytes()[e];
  }
  const auto sent = halo.bytes_to_tasks();
  if (sent != expected) {
    throw std::logic_error(
        fmt::format("task {} sends {} halo messages but the task graph has {} out-edges for it", task,
                    sent.size(), expected.size()));
  }
}

template <class Tag>
class StencilRun final : public app::Run {
 public:
  StencilRun(const StencilSpec& spec, const TaskGraph& graph, const app::RunContext& context)
      : spec_(spec),
        context_(context),
        comm_(context.comm),
        layout_(block_layout(spec)),
        block_(block_of_task(spec, context.task)),
        halo_(spec, context.task, context.comm, app::fold_fields(context)),
        interior_(interior_box(layout_, x_halo_received(spec))),
        boundary_(boundary_boxes(layout_, x_halo_received(spec))) {
    for (const Box& box : boundary_) boundary_cells_ += box.cells();
    check_against_graph(halo_, graph, context.task);
    const auto cells = static_cast<std::size_t>(layout_.size());
    if (app::fold_fields(context)) {
      // A skeleton run: no kernel reads the fields, so both share one folded block and are not initialised
      // ([Bhatele10] Fig. 9.11's 1024x1024 cells per rank would need 69 GB unfolded at 4,096 ranks).
      folded_ = app::FieldMemory(2 * cells, true);
      u_ = folded_.data();
      v_ = u_ + cells;
      return;
    }
    u_store_.assign(cells, 0.0);
    v_store_.assign(cells, 0.0);
    u_ = u_store_.data();
    v_ = v_store_.data();
    // Halo cells start at 0 in both fields: outside a non-periodic grid they stay 0 (Dirichlet).
    for_each_cell([&](int i, int j, int k) {
      u_[layout_.index(i, j, k)] = initial_value(global_cell(i, j, k), spec_.global);
    });
  }

  void iterate(app::IterationTimers& timers) override {
    if (!spec_.overlap) {
      iterate_without_overlap(timers);
      return;
    }
    timers.exchange.start();
    halo_.start(u_);
    timers.exchange.stop();

    app::compute_phase(timers, context_, "cell", static_cast<double>(interior_.cells()),
                       [&] { sweep(Tag{}, spec_.points, layout_, interior_, u_, v_); });

    timers.exchange.start();
    halo_.finish(u_);
    timers.exchange.stop();

    app::compute_phase(timers, context_, "cell", static_cast<double>(boundary_cells_), [&] {
      for (const Box& box : boundary_) sweep(Tag{}, spec_.points, layout_, box, u_, v_);
    });

    std::swap(u_, v_);
    ++steps_;
  }

  // [Bhatele10] §9.4.1's stencil: the messages travel alone, so their time is not hidden behind a sweep.
  void iterate_without_overlap(app::IterationTimers& timers) {
    timers.exchange.start();
    halo_.start(u_);
    halo_.finish(u_);
    timers.exchange.stop();
    app::compute_phase(timers, context_, "cell", static_cast<double>(interior_.cells() + boundary_cells_), [&] {
      sweep(Tag{}, spec_.points, layout_, interior_, u_, v_);
      for (const Box& box : boundary_) sweep(Tag{}, spec_.points, layout_, box, u_, v_);
    });
    std::swap(u_, v_);
    ++steps_;
  }

  app::Verification verify() override {
    const std::vector<double> expected = reference_block(spec_, block_.lo, layout_.n, steps_);
    double local[2] = {0.0, 0.0};  // max |error|, max |u|
    std::size_t next = 0;
    for_each_cell([&](int i, int j, int k) {
      const double value = u_[layout_.index(i, j, k)];
      local[0] = std::max(local[0], std::abs(value - expected[next++]));
      local[1] = std::max(local[1], std::abs(value));
    });
    double global[2] = {0.0, 0.0};
    MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_MAX, comm_);
    checksum_ = bitwise_checksum();
    app::Verification v;
    v.error = global[0];
    v.tolerance = 1e-12 * global[1];
    v.status = v.error <= v.tolerance ? app::VerificationStatus::passed : app::VerificationStatus::failed;
    v.note = fmt::format("{} sweeps checked against a serial recomputation of each block", steps_);
    return v;
  }

  app::Rate rate(double seconds, int iterations) const override {
    const double updates = static_cast<double>(spec_.global_cells()) * iterations;
    // Ideal traffic of a sweep: every cell read once and written once.
    const double bytes = 2.0 * sizeof(double) * updates;
    app::Rate r;
    const double mlups = seconds > 0 ? updates / seconds * 1e-6 : 0.0;
    const double gbs = seconds > 0 ? bytes / seconds * 1e-9 : 0.0;
    r.line = fmt::format("Rate: {:.4g} MLUP/s, {:.4g} GB/s ({} cells x {} iterations in {:.4e} s)", mlups,
                         gbs, spec_.global_cells(), iterations, seconds);
    r.fields = {{"mlups", mlups}, {"gbs", gbs}, {"cell_updates", updates}};
    if (checksum_) r.fields["checksum"] = fmt::format("{:016x}", *checksum_);
    return r;
  }

 private:
  template <class F>
  void for_each_cell(F&& f) const {
    for (int k = 0; k < layout_.n[2]; ++k)
      for (int j = 0; j < layout_.n[1]; ++j)
        for (int i = 0; i < layout_.n[0]; ++i) f(i, j, k);
  }
  // Sum of the bit patterns of every cell, modulo 2^64: exact and independent of the order of the reduction,
  // so equal checksums mean bitwise-equal fields (across placements and backends).
  std::uint64_t bitwise_checksum() const {
    std::uint64_t local = 0;
    for_each_cell([&](int i, int j, int k) {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &u_[layout_.index(i, j, k)], sizeof bits);
      local += bits;
    });
    std::uint64_t global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_UINT64_T, MPI_SUM, comm_);
    return global;
  }
  std::array<std::int64_t, 3> global_cell(int i, int j, int k) const {
    return {block_.lo[0] + i, block_.lo[1] + j, block_.lo[2] + k};
  }

  StencilSpec spec_;
  app::RunContext context_;
  MPI_Comm comm_;
  Layout layout_;
  Block block_;
  HaloExchange halo_;
  Box interior_;
  std::vector<Box> boundary_;
  std::int64_t boundary_cells_ = 0;
  Field u_store_;                          // the two fields of a run that computes
  Field v_store_;
  app::FieldMemory folded_;                // both fields of a skeleton run, folded across ranks
  double* u_ = nullptr;                    // current field
  double* v_ = nullptr;                    // next field
  int steps_ = 0;                          // sweeps done, warm-up included
  std::optional<std::uint64_t> checksum_;  // set by verify()
};

}  // namespace

std::unique_ptr<app::Run> make_stencil_run(const StencilSpec& spec, const TaskGraph& graph,
                                           const app::RunContext& context) {
  return app::with_backend(context.backend, [&](auto tag) -> std::unique_ptr<app::Run> {
    return std::make_unique<StencilRun<decltype(tag)>>(spec, graph, context);
  });
}

}  // namespace tamp::stencil
