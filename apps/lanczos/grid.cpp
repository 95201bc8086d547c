// Block positions, segments and groups of the triangular grid.
#include "grid.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>

#include "tamp/generators.hpp"
#include "tamp/metrics.hpp"

namespace tamp::lanczos {

Grid::Grid(int nd, MfdnOrdering ordering, std::int64_t n)
    : nd_(nd), n_(n), pos_(mfdn_grid_positions(nd, ordering)), orth_(pos_.size()), orth_size_(nd, 0) {
  for (std::size_t t = 0; t < pos_.size(); ++t) {
    const int a = std::min(pos_[t][0], pos_[t][1]);
    const int b = std::max(pos_[t][0], pos_[t][1]);
    const int d = b - a;
    const bool to_a = d <= nd - d;
    const int group = to_a ? a : b;
    orth_[t] = {group, to_a ? d : nd - d};
    ++orth_size_[group];
  }
}

std::vector<int> ordering_slots(const Grid& grid, MfdnOrdering o) {
  const bool balanced = o == MfdnOrdering::bdm || o == MfdnOrdering::bcm;
  if (balanced && grid.nd() % 2 == 0) return {};
  std::map<std::array<int, 2>, int> task_of_block;
  for (int t = 0; t < grid.tasks(); ++t) task_of_block[{grid.row(t), grid.col(t)}] = t;
  const auto positions = mfdn_grid_positions(grid.nd(), o);
  std::vector<int> slot_of_task(positions.size(), -1);
  for (std::size_t r = 0; r < positions.size(); ++r) {
    const auto it = task_of_block.find(positions[r]);
    if (it == task_of_block.end()) return {};
    slot_of_task[it->second] = static_cast<int>(r);
  }
  return slot_of_task;
}

TaskGraph spmv_task_graph(int nd, MfdnOrdering ordering, std::int64_t n) {
  MfdnGraphSpec spec;
  spec.nd = nd;
  spec.ordering = ordering;
  spec.n = static_cast<double>(n);
  return make_mfdn_graph(spec);
}

std::string lanczos_graph_spec(int nd, MfdnOrdering ordering, std::int64_t n, int warmup, int iterations,
                               MfdnCollectives collectives) {
  const double vectors = warmup + (iterations + 1) / 2.0;
  return fmt::format("mfdn:{},ordering={},n={},vectors={}{}", nd, to_string(ordering), n, vectors,
                     collectives == MfdnCollectives::mpich ? ",collectives=mpich" : "");
}

TaskGraph group_messages(const TaskGraph& graph, const Grid& grid, bool columns) {
  std::vector<Edge> edges;
  for (int t = 0; t < graph.num_tasks(); ++t) {
    for (std::int64_t e = graph.offsets()[t]; e < graph.offsets()[t + 1]; ++e) {
      const int u = graph.targets()[e];
      const bool same = columns ? grid.col(u) == grid.col(t) : grid.row(u) == grid.row(t);
      if (same) edges.push_back({t, u, 1.0});
    }
  }
  return TaskGraph::from_edges(graph.num_tasks(), std::move(edges));
}

GroupDtx group_dtx(const TaskGraph& unit_messages, const Allocation& job, const Mapping& mapping) {
  const Metrics m = evaluate(unit_messages, job, mapping);
  const std::vector<double> loads = link_loads(unit_messages, job, mapping);
  double sum = 0;
  std::int64_t used = 0;
  for (const double load : loads) {
    sum += load;
    used += load > 0;
  }
  return {m.avg_dilation, used > 0 ? sum / static_cast<double>(used) : 0.0, m.max_congestion, m.messages};
}

}  // namespace tamp::lanczos
