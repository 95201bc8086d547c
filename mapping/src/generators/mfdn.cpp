// MFDn's Lanczos step as phases: the binomial trees of the column and row broadcasts and reductions of the
// SpMV ([Aktulga12] §2.1, §3) and the collectives of the orthogonalisation on the refolded grid (§2.2).
#include <algorithm>
#include <numeric>
#include <string>

#include "tamp/collectives.hpp"
#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {

std::vector<std::array<int, 2>> mfdn_orth_groups(int nd, MfdnOrdering ordering) {
  const auto pos = mfdn_grid_positions(nd, ordering);
  std::vector<std::array<int, 2>> groups(pos.size());
  for (std::size_t t = 0; t < pos.size(); ++t) {
    const int a = std::min(pos[t][0], pos[t][1]);
    const int b = std::max(pos[t][0], pos[t][1]);
    const int d = b - a;
    groups[t] = d <= nd - d ? std::array<int, 2>{a, d} : std::array<int, 2>{b, nd - d};
  }
  return groups;
}

TaskGraph make_mfdn_graph(const MfdnGraphSpec& spec) {
  const auto pos = mfdn_grid_positions(spec.nd, spec.ordering);
  require(spec.n >= 0, "mfdn graph: negative vector length");
  require(spec.vectors >= 0, "mfdn graph: negative number of vectors");
  const int nd = spec.nd;
  const int tasks = static_cast<int>(pos.size());
  const double n = spec.n > 0 ? spec.n : 1e6 * nd;
  const double bytes = 8.0 * n / nd;  // one segment v_i of doubles

  // Groups keyed so that the diagonal block is relative rank 0 (MPI_Comm_split key = (row - col) mod nd for a
  // column, (col - row) mod nd for a row), then ascending key.
  std::vector<std::vector<std::pair<int, int>>> cols(nd), rows(nd);  // (key, rank)
  std::vector<double> xy(pos.size() * 2);
  for (std::size_t rank = 0; rank < pos.size(); ++rank) {
    const int i = pos[rank][0], j = pos[rank][1];
    cols[j].push_back({(i - j + nd) % nd, static_cast<int>(rank)});
    rows[i].push_back({(j - i + nd) % nd, static_cast<int>(rank)});
    xy[2 * rank] = j;  // x = column, y = row
    xy[2 * rank + 1] = i;
  }
  const auto members = [](std::vector<std::pair<int, int>> g) {
    std::sort(g.begin(), g.end());
    std::vector<int> ranks;
    for (const auto& kr : g) ranks.push_back(kr.second);
    return ranks;
  };
  std::vector<CollectiveRounds> col_bcast, row_bcast, row_reduce, col_reduce;
  for (const auto& g : cols) {
    col_bcast.push_back(bcast_binomial(members(g), 0, bytes));
    col_reduce.push_back(reduce_binomial(members(g), 0, bytes));
  }
  for (const auto& g : rows) {
    row_bcast.push_back(bcast_binomial(members(g), 0, bytes));
    row_reduce.push_back(reduce_binomial(members(g), 0, bytes));
  }
  std::vector<Phase> phases;
  add_collective(phases, "column-bcast", 1, col_bcast);
  add_collective(phases, "row-bcast", 1, row_bcast);
  add_collective(phases, "row-reduce", 1, row_reduce);
  add_collective(phases, "column-reduce", 1, col_reduce);

  if (spec.orthogonalisation) {
    // The diagonal task of segment g scatters it over group g (pieces of about n / nd / members doubles), the
    // projections sum `vectors` coefficients twice and the norm one, and the new vector's pieces come back.
    std::vector<std::vector<std::pair<int, int>>> orth(nd);
    const auto groups = mfdn_orth_groups(nd, spec.ordering);
    for (int t = 0; t < tasks; ++t) orth[groups[t][0]].push_back({groups[t][1], t});
    std::vector<CollectiveRounds> scatter, gather;
    for (const auto& g : orth) {
      if (g.empty()) continue;
      const double piece = bytes / static_cast<double>(g.size());
      scatter.push_back(scatter_linear(members(g), 0, piece));
      gather.push_back(gather_linear(members(g), 0, piece));
    }
    std::vector<int> all(static_cast<std::size_t>(tasks));
    std::iota(all.begin(), all.end(), 0);
    add_collective(phases, "orth-scatter", 1, scatter);
    add_collective(phases, "orth-allreduce", 2, {allreduce_rdb(all, 8.0 * spec.vectors)});
    add_collective(phases, "norm-allreduce", 1, {allreduce_rdb(all, 8.0)});
    add_collective(phases, "orth-gather", 1, gather);
  }
  TaskGraph graph = TaskGraph::from_phases(tasks, std::move(phases));
  graph.set_coordinates(2, std::move(xy));
  return graph;
}

}  // namespace tamp
