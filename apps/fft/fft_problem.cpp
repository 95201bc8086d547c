// Task graph, report parameters and runs of the FFT problem.
#include "fft_problem.hpp"

#include <fmt/format.h>

#include <utility>

#include "tamp/app/collective.hpp"
#include "tamp/app/shared_graph.hpp"
#include "tamp/text.hpp"
#include "work.hpp"

namespace tamp::fft {

FftProblem::FftProblem(FftSpec spec, std::string backend)
    : spec_(std::move(spec)), backend_(std::move(backend)) {
  // The graph spec names the size and the grid: everything the graphs depend on. Every rank of a simulated job
  // shares them (P copies of a graph with P (PR + PC) messages took 1.9 GB at 512 ranks).
  graphs_ = app::shared_object<FftGraphs>("fft-graphs:" + fft_graph_spec(spec_),
                                          [&] { return make_fft_graphs(spec_); });
}

nlohmann::json FftProblem::params() const {
  return {{"size", spec_.n},
          {"decomposition", spec_.slab ? "slab" : "pencil"},
          {"grid", {spec_.pr, spec_.pc}},
          {"transpose", to_string(spec_.mode)},
          {"tile", spec_.tile},
          {"window", spec_.window},
          {"progress", to_string(spec_.progress)},
          {"autotune", spec_.autotune},
          {"plan", spec_.measure ? "measure" : "estimate"},
          {"iterations", spec_.iterations},
          {"warmup", spec_.warmup},
          {"backend", backend_},
          {"elements", spec_.elements()},
          {"transposed_bytes", transposed_bytes(spec_.n, spec_.pr, spec_.pc)},
          {"graph", fft_graph_spec(spec_)}};
}

std::string FftProblem::summary() const {
  std::string transposes = to_string(spec_.mode);
  if (spec_.mode == TransposeMode::overlap) {
    transposes += spec_.autotune ? " (tile and window auto-tuned)"
                                 : fmt::format(" (tile {}, window {}, progress {})", spec_.tile, spec_.window,
                                               to_string(spec_.progress));
  }
  return fmt::format(
      "3D complex FFT of {} ({} {}x{}), {} transposes, {} forward + backward pairs + {} warm-up",
      extents_text(spec_.n), spec_.slab || spec_.pc == 1 ? "slabs on" : "pencils on grid", spec_.pr, spec_.pc,
      transposes, spec_.iterations, spec_.warmup);
}

app::Problem::StepWork FftProblem::step_work() const {
  if (spec_.mode == TransposeMode::blocking) return blocking_step_work(spec_, graphs_->all);
  StepWork work;
  work.stepped = true;
  return work;
}

std::vector<SetupModel::Call> FftProblem::start_calls() const {
  // GridComms's splits into the grid's rows and columns, the agreement on the allocation, then prepare(): one
  // forward + backward transform (the timed configuration's plans and buffers; no autotuning, no reference
  // timing of the overlap) and the broadcast of rank 0's six transpose metrics.
  using Kind = SetupModel::Call::Kind;
  SetupModel::Call rows{Kind::split, {}, {}, 0}, columns{Kind::split, {}, {}, 0};
  for (int task = 0; task < spec_.ranks(); ++task) {
    rows.color.push_back(task / spec_.pc);
    rows.key.push_back(task % spec_.pc);
    columns.color.push_back(task % spec_.pc);
    columns.key.push_back(task / spec_.pc);
  }
  return {rows,
          columns,
          {Kind::agreement, {}, {}, 0},
          {Kind::step, {}, {}, 0},
          {Kind::bcast, {}, {}, 6 * sizeof(double)}};
}

std::unique_ptr<app::Run> FftProblem::start(const app::RunContext& context) const {
  auto comms = std::make_shared<GridComms>(spec_, context.comm);
  // Allocation is local: agree on failures (memory) before the first transpose.
  std::unique_ptr<FftRunBase> run =
      app::collectively(context.comm, [&] { return make_fft_run(spec_, *graphs_, comms, context); });
  run->prepare();
  return run;
}

}  // namespace tamp::fft
