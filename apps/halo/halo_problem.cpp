// Task graph, report parameters and runs of the halo problem.
#include "halo_problem.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "halo_block.hpp"
#include "halo_flux.hpp"
#include "halo_graph.hpp"
#include "halo_run.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/shared_graph.hpp"
#include "tamp/generators.hpp"

namespace tamp::halo {

HaloProblem::HaloProblem(HaloSpec spec, std::string backend)
    : spec_(std::move(spec)),
      backend_(std::move(backend)),
      sources_(make_sources(spec_)),
      graph_spec_(halo_graph_spec(
          spec_, static_cast<int>(std::count(sources_.summed.begin(), sources_.summed.end(), true)))),
      graph_(app::shared_task_graph(graph_spec_, [this] { return generate_graph(graph_spec_); })) {}

nlohmann::json HaloProblem::params() const {
  int summed = 0;
  for (bool s : sources_.summed) summed += s;
  return {{"stencil", to_string(spec_.stencil)},
          {"comm_method", to_string(spec_.comm)},
          {"scaling", spec_.strong ? "strong" : "weak"},
          {"local", spec_.local},
          {"global", {spec_.global(0), spec_.global(1), spec_.global(2)}},
          {"procs", spec_.procs},
          {"num_vars", spec_.vars},
          {"percent_sum", spec_.percent_sum},
          {"num_sum_grid", summed},
          {"sum_comm", spec_.launcher_sums ? "launcher" : "mapped"},
          {"num_spikes", spec_.spikes},
          {"num_tsteps", spec_.tsteps},
          {"error_tol", spec_.tolerance()},
          {"debug_grid", spec_.debug_grid},
          {"backend", backend_},
          {"cells", spec_.global_cells()},
          {"graph", graph_spec_}};
}

std::string HaloProblem::summary() const {
  return fmt::format(
      "MiniGhost {} {}, {} variables on {}x{}x{} cells ({}x{}x{} per rank, process grid {}x{}x{}), "
      "{} spike(s) x {} steps",
      to_string(spec_.stencil), to_string(spec_.comm), spec_.vars, spec_.global(0), spec_.global(1),
      spec_.global(2), spec_.local[0], spec_.local[1], spec_.local[2], spec_.procs[0], spec_.procs[1],
      spec_.procs[2], spec_.spikes, spec_.tsteps);
}

app::Problem::StepWork HaloProblem::step_work() const {
  const int tasks = graph_->num_tasks();
  const int summed = static_cast<int>(std::count(sources_.summed.begin(), sources_.summed.end(), true));
  StepWork work;
  // Per summed variable when there are sums (the graph's collective "grid-sum": none on one rank), else per step.
  const bool sums = summed > 0 && tasks > 1;
  const double share = sums ? static_cast<double>(spec_.vars) / summed : spec_.vars;
  app::Problem::StepWork::Units& units = sums ? work.before["grid-sum"] : work.after;
  for (const char* kind : {"cell_point", "flux", "sum"}) units[kind].assign(static_cast<std::size_t>(tasks), 0.0);
  for (int t = 0; t < tasks; ++t) {
    const Block block = block_of_task(spec_, t);
    const double cells = static_cast<double>(block.layout.n[0]) * block.layout.n[1] * block.layout.n[2];
    units["cell_point"][t] = share * cells * spec_.points();
    // Only blocks on the grid's boundary let heat out (BoundaryFlux keeps their cells).
    const bool outer = std::count(block.neighbor.begin(), block.neighbor.end(), -1) > 0;
    units["flux"][t] = outer ? share * static_cast<double>(BoundaryFlux(spec_, block).cells()) : 0.0;
    units["sum"][t] = sums ? cells : summed * cells;
  }
  return work;
}

std::unique_ptr<app::Run> HaloProblem::start(const app::RunContext& context) const {
  // Allocation and set-up are local: agree on failures (memory) before the first exchange.
  return app::collectively(context.comm, [&] { return make_halo_run(spec_, sources_, *graph_, context); });
}

}  // namespace tamp::halo
