// Task graph, report parameters and runs of the stencil problem.
#include "stencil_problem.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "geometry.hpp"
#include "stencil_run.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/shared_graph.hpp"
#include "tamp/generators.hpp"
#include "tamp/text.hpp"

namespace tamp::stencil {
namespace {

constexpr double kBytesPerCell = sizeof(double);

template <class T>
std::vector<T> first(const std::array<T, 3>& values, int dims) {
  return std::vector<T>(values.begin(), values.begin() + dims);
}

}  // namespace

StencilProblem::StencilProblem(StencilSpec spec, std::string backend)
    : spec_(std::move(spec)), backend_(std::move(backend)) {
  StencilGraphSpec g;
  g.tasks = first(spec_.procs, spec_.dims);
  g.periodic.assign(spec_.dims, spec_.periodic);
  g.points = spec_.points;
  g.local = first(spec_.local, spec_.dims);
  g.bytes_per_cell = kBytesPerCell;
  const std::string key = fmt::format("stencil {} periodic {} points {} local {} bytes {}", fmt::join(g.tasks, "x"),
                                      spec_.periodic, g.points, fmt::join(g.local, "x"), g.bytes_per_cell);
  graph_ = app::shared_task_graph(key, [&] { return make_stencil_graph(g); });
}

nlohmann::json StencilProblem::params() const {
  return {{"dims", spec_.dims},
          {"points", spec_.points},
          {"local", first(spec_.local, spec_.dims)},
          {"global", first(spec_.global, spec_.dims)},
          {"procs", first(spec_.procs, spec_.dims)},
          {"periodic", spec_.periodic},
          {"overlap", spec_.overlap},
          {"iterations", spec_.iterations},
          {"warmup", spec_.warmup},
          {"backend", backend_},
          {"bytes_per_cell", kBytesPerCell},
          {"cells", spec_.global_cells()}};
}

std::string StencilProblem::summary() const {
  return fmt::format(
      "{}D {}-point Jacobi on {} cells ({} per rank, process grid {}), {}, {}{} iterations + {} warm-up",
      spec_.dims, spec_.points, extents_text(spec_.global, spec_.dims), extents_text(spec_.local, spec_.dims),
      extents_text(spec_.procs, spec_.dims), spec_.periodic ? "periodic" : "boundaries at 0",
      spec_.overlap ? "" : "halo exchanged before each sweep (no overlap), ", spec_.iterations, spec_.warmup);
}

app::Problem::StepWork StencilProblem::step_work() const {
  // Every block has the same layout, so every task sweeps the same interior while its halo travels and the same
  // boundary after it (no task delays another); --no-overlap: nothing travels while a task computes, and every
  // task sweeps its whole block after the exchange.
  const std::size_t tasks = static_cast<std::size_t>(graph_->num_tasks());
  const double local = static_cast<double>(spec_.local_cells());
  StepWork work;
  if (!spec_.overlap) {
    work.after["cell"].assign(tasks, local);
    return work;
  }
  const double cells = static_cast<double>(interior_box(block_layout(spec_), x_halo_received(spec_)).cells());
  work.hidden["cell"].assign(tasks, cells);
  work.after["cell"].assign(tasks, local - cells);
  return work;
}

std::unique_ptr<app::Run> StencilProblem::start(const app::RunContext& context) const {
  // Allocation and set-up are local: agree on failures (memory) before the first halo exchange.
  return app::collectively(context.comm, [&] { return make_stencil_run(spec_, *graph_, context); });
}

}  // namespace tamp::stencil
