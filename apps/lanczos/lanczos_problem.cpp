// Task graph, report parameters and runs of the Lanczos problem.
#include "lanczos_problem.hpp"

#include "tamp/app/shared_graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "block.hpp"
#include "group_metrics.hpp"
#include "lanczos_run.hpp"
#include "matrix_source.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/generators.hpp"

namespace tamp::lanczos {
namespace {

std::string kind_name(MatrixKind kind) {
  switch (kind) {
    case MatrixKind::laplace:
      return "laplace";
    case MatrixKind::random:
      return "random";
    case MatrixKind::market:
      return "matrix-market";
    case MatrixKind::shape:
      return "shape";
  }
  return "?";
}

}  // namespace

LanczosProblem::LanczosProblem(LanczosSpec spec, std::string backend)
    : spec_(std::move(spec)),
      backend_(std::move(backend)),
      grid_(spec_.nd, spec_.ordering, spec_.matrix.n),
      graph_spec_(
          lanczos_graph_spec(spec_.nd, spec_.ordering, spec_.matrix.n, spec_.warmup, spec_.iterations,
                             spec_.collectives)),
      graph_(app::shared_task_graph(graph_spec_, [this] { return generate_graph(graph_spec_); })),
      new_index_(spec_.matrix.has_entries() ? spreading_permutation(spec_.matrix.n, spec_.permute_seed)
                                            : std::vector<std::int64_t>{}) {
  for (const MfdnOrdering o : {MfdnOrdering::dm, MfdnOrdering::cm, MfdnOrdering::bdm, MfdnOrdering::bcm}) {
    std::vector<int> slots = ordering_slots(grid_, o);
    if (!slots.empty()) orderings_.emplace_back(std::string(to_string(o)), std::move(slots));
  }
}

std::vector<std::string> LanczosProblem::app_mappings() const {
  std::vector<std::string> names;
  for (const auto& entry : orderings_) names.push_back(entry.first);
  return names;
}

Mapping LanczosProblem::app_mapping(const std::string& name, const Allocation& job, const MapOptions&) const {
  for (const auto& [ordering, slots] : orderings_) {
    if (ordering != name) continue;
    if (job.num_slots() != grid_.tasks())
      throw std::invalid_argument(fmt::format("ordering '{}' needs one slot per rank: {} slots, {} ranks",
                                              name, job.num_slots(), grid_.tasks()));
    return Mapping(slots, job.num_slots());
  }
  throw std::invalid_argument(
      fmt::format("ordering '{}' does not lay the blocks out like --ordering {} (run it "
                  "with --ordering {})",
                  name, to_string(spec_.ordering), name));
}

nlohmann::json LanczosProblem::params() const {
  return {{"matrix", spec_.matrix.text},
          {"kind", kind_name(spec_.matrix.kind)},
          {"n", spec_.matrix.n},
          {"nonzeros_per_row", nonzeros_estimate(spec_.matrix)},
          {"nd", spec_.nd},
          {"ordering", std::string(to_string(spec_.ordering))},
          {"eigenvalues", spec_.eigenvalues},
          {"iterations", spec_.iterations},
          {"warmup", spec_.warmup},
          {"tolerance", spec_.tolerance},
          {"permute_seed", spec_.permute_seed},
          {"backend", backend_},
          {"segment_bytes", 8.0 * static_cast<double>(spec_.matrix.n) / spec_.nd},
          {"graph", graph_spec_}};
}

app::Problem::StepWork LanczosProblem::step_work() const {
  const int tasks = grid_.tasks();
  const double vectors = spec_.warmup + (spec_.iterations + 1) / 2.0;  // basis size, as lanczos_graph_spec
  StepWork work;
  std::vector<double>& spmv = work.before["row-reduce"]["nonzero"];
  std::vector<double>& orth = work.before["orth-allreduce"]["vector"];
  std::vector<double>& norm = work.before["norm-allreduce"]["vector"];
  std::vector<double>& gather = work.before["orth-gather"]["vector"];
  std::call_once(spmv_once_, [this] { spmv_nonzeros_ = spmv_nonzeros(spec_.matrix, new_index_, grid_); });
  spmv = spmv_nonzeros_;
  for (auto* units : {&orth, &norm, &gather}) units->assign(static_cast<std::size_t>(tasks), 0.0);
  for (int t = 0; t < tasks; ++t) {
    const auto piece = static_cast<double>(grid_.piece_size(grid_.orth_group(t), grid_.orth_key(t)));
    orth[t] = 1.5 * vectors * piece;  // one pass (s + 1) x piece before the first allreduce, two before the second
    norm[t] = vectors * piece + piece;
    gather[t] = piece;
  }
  // dstevr on T of order s + 1 at step s: the mean of (s + 1)^2 over the timed steps, on every task.
  double squares = 0.0;
  for (int k = 1; k <= spec_.iterations; ++k) squares += std::pow(spec_.warmup + k, 2);
  work.after["tridiagonal"].assign(static_cast<std::size_t>(tasks), squares / std::max(1, spec_.iterations));
  return work;
}

std::string LanczosProblem::summary() const {
  return fmt::format(
      "Lanczos for the lowest {} eigenvalues of {} (n = {}, ~{:.3g} non-zeros per row) on a triangular grid "
      "n_d = {} ({} ranks), {} layout, {} steps + {} warm-up",
      spec_.eigenvalues, spec_.matrix.text, spec_.matrix.n, nonzeros_estimate(spec_.matrix), spec_.nd,
      grid_.tasks(), to_string(spec_.ordering), spec_.iterations, spec_.warmup);
}

std::vector<SetupModel::Call> LanczosProblem::start_calls() const {
  // The agreement on the block, then GridComms's splits into columns, rows and orthogonalisation groups.
  using Kind = SetupModel::Call::Kind;
  SetupModel::Call columns{Kind::split, {}, {}, 0}, rows{Kind::split, {}, {}, 0},
      orth{Kind::split, {}, {}, 0};
  for (int task = 0; task < grid_.tasks(); ++task) {
    columns.color.push_back(grid_.col(task));
    columns.key.push_back(grid_.col_key(task));
    rows.color.push_back(grid_.row(task));
    rows.key.push_back(grid_.row_key(task));
    orth.color.push_back(grid_.orth_group(task));
    orth.key.push_back(grid_.orth_key(task));
  }
  return {SetupModel::Call{}, columns, rows, orth};
}

std::unique_ptr<app::Run> LanczosProblem::start(const app::RunContext& context) const {
  // D, T, X of this placement, from the mapping the harness applied.
  const GroupMetrics groups = group_metrics(spmv_task_graph(spec_.nd, spec_.ordering, spec_.matrix.n), grid_,
                                            *context.job, *context.mapping);
  // Building the block is local and may fail (memory): agree before the first collective of the run.
  Block block = app::collectively(context.comm,
                                  [&] { return make_block(spec_.matrix, new_index_, grid_, context.task); });
  return make_lanczos_run(*this, context, std::move(block), groups);
}

}  // namespace tamp::lanczos
