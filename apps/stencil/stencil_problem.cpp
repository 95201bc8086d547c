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

// The generator line of the stencil's task graph (`tamp-map gen`, params.graph, --task-graph-for), the
// generator's defaults left out: faces only (2D+1 points), not periodic, 8 bytes per cell.
std::string stencil_graph_spec(const StencilSpec& spec) {
  std::string text = fmt::format("stencil{}d:{}", spec.dims, fmt::join(first(spec.procs, spec.dims), "x"));
  if (spec.points != 2 * spec.dims + 1) text += fmt::format(",points={}", spec.points);
  text += fmt::format(",local={}", fmt::join(first(spec.local, spec.dims), "x"));
  if (spec.periodic) text += ",periodic";
  if (kBytesPerCell != StencilGraphSpec{}.bytes_per_cell) text += fmt::format(",bytes={}", kBytesPerCell);
  return text;
}

}  // namespace

StencilProblem::StencilProblem(StencilSpec spec, std::string backend)
    : spec_(std::move(spec)),
      backend_(std::move(backend)),
      graph_spec_(stencil_graph_spec(spec_)),
      graph_(app::shared_task_graph(graph_spec_, [this] { return generate_graph(graph_spec_); })) {}

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
          {"cells", spec_.global_cells()},
          {"graph", graph_spec_}};
}

std::string StencilProblem::summary() const {
  return fmt::format(
      "{}D {}-point Jacobi on {} cells ({} per rank, process grid {}), {}, {}{} iterations + {} warm-up",
      spec_.dims, spec_.points, extents_text(spec_.global, spec_.dims), extents_text(spec_.local, spec_.dims),
      extents_text(spec_.procs, spec_.dims), spec_.periodic ? "periodic" : "boundaries at 0",
      spec_.overlap ? "" : "halo exchanged before each sweep (no overlap), ", spec_.iterations, spec_.warmup);
}

app::Problem::StepWork StencilProblem::step_work() const {
  // Every block has the same layout, so every task sweeps the same interior while its halo travels and the
  // same boundary after it (no task delays another); --no-overlap: nothing travels while a task computes, and
  // every task sweeps its whole block after the exchange.
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
