// MFDn's SpMV communication: binomial trees of the column and row broadcasts and reductions (seed 004 §2.1,
// §3).
#include <algorithm>
#include <string>

#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {
namespace impl {
namespace {

/// Binomial-tree messages of one collective over `members` (root first): parent of relative rank r is r &
/// (r-1). A broadcast sends parent -> child, a reduction child -> parent; MFDn does both on every group.
void add_bcast_and_reduce(const std::vector<int>& members, double bytes, std::vector<Edge>& edges) {
  for (std::size_t r = 1; r < members.size(); ++r) {
    const int parent = members[r & (r - 1)];
    edges.push_back({parent, members[r], bytes});
    edges.push_back({members[r], parent, bytes});
  }
}

}  // namespace
}  // namespace impl

TaskGraph make_mfdn_graph(const MfdnGraphSpec& spec) {
  const auto pos = mfdn_grid_positions(spec.nd, spec.ordering);
  require(spec.n >= 0, "mfdn graph: negative vector length");
  const int nd = spec.nd;
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
  std::vector<Edge> edges;
  std::vector<int> members;
  for (auto* groups : {&cols, &rows})
    for (auto& g : *groups) {
      std::sort(g.begin(), g.end());
      members.clear();
      for (const auto& kr : g) members.push_back(kr.second);
      impl::add_bcast_and_reduce(members, bytes, edges);
    }
  TaskGraph graph = TaskGraph::from_edges(static_cast<int>(pos.size()), std::move(edges));
  graph.set_coordinates(2, std::move(xy));
  return graph;
}

}  // namespace tamp
