// `rcm` (LibTopoMap, Hoefler & Snir): order the task graph and the network the same way — reverse
// Cuthill-McKee, a breadth-first order that keeps neighbours close in the order — and put the i-th task on
// the i-th node. The network's graph: nodes are adjacent when their cells in the node box are
// (NodeSpace::node_adjacency), so a sparse allocation is ordered by its own shape; off a torus the allocation
// order is that graph (a line).
#include <algorithm>
#include <numeric>
#include <utility>

#include "algorithms/impl/points.hpp"
#include "algorithms/irregular/irregular.hpp"

namespace tamp::impl {
namespace {

// Breadth-first levels from `source` inside its component. `level` is -1 outside the search on entry and is
// reset on return; returns the eccentricity of `source` and leaves the last level's vertices in `last`.
int eccentricity(const SymGraph& g, int source, std::vector<int>& level, std::vector<int>& queue,
                 std::vector<int>& last) {
  queue.assign(1, source);
  level[source] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const int u = queue[head];
    for (std::int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (level[g.targets[e]] < 0) {
        level[g.targets[e]] = level[u] + 1;
        queue.push_back(g.targets[e]);
      }
  }
  const int depth = level[queue.back()];
  last.clear();
  for (int v : queue) {
    if (level[v] == depth) last.push_back(v);
    level[v] = -1;
  }
  return depth;
}

// George-Liu: from `root`, move to a vertex of least degree in the last level while the eccentricity grows
// (at most a few sweeps: it converges fast and each sweep is O(component)).
int pseudo_peripheral(const SymGraph& g, int root, std::vector<int>& level, std::vector<int>& queue) {
  std::vector<int> last;
  int current = root;
  int depth = eccentricity(g, current, level, queue, last);
  for (int sweep = 0; sweep < 8; ++sweep) {
    int candidate = last.front();
    for (int v : last)
      if (g.degree(v) < g.degree(candidate) || (g.degree(v) == g.degree(candidate) && v < candidate))
        candidate = v;
    std::vector<int> candidate_last;
    const int candidate_depth = eccentricity(g, candidate, level, queue, candidate_last);
    if (candidate_depth <= depth) break;
    current = candidate;
    depth = candidate_depth;
    last = std::move(candidate_last);
  }
  return current;
}

}  // namespace

std::vector<int> rcm_order(const SymGraph& g) {
  const int n = g.num_vertices;
  std::vector<int> order, level(n, -1), queue, neighbours;
  order.reserve(n);
  std::vector<char> visited(n, 0);
  for (int root = 0; root < n; ++root) {
    if (visited[root]) continue;
    const int start = pseudo_peripheral(g, root, level, queue);
    size_t head = order.size();
    order.push_back(start);
    visited[start] = 1;
    for (; head < order.size(); ++head) {
      const int u = order[head];
      neighbours.clear();
      for (std::int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        if (!visited[g.targets[e]]) {
          visited[g.targets[e]] = 1;
          neighbours.push_back(g.targets[e]);
        }
      std::sort(neighbours.begin(), neighbours.end(),
                [&](int a, int b) { return g.degree(a) != g.degree(b) ? g.degree(a) < g.degree(b) : a < b; });
      order.insert(order.end(), neighbours.begin(), neighbours.end());
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

namespace {

// A space order of the nodes: recursive bisection at the median of the widest coordinate, lower half first
// (ties by the other coordinates, then index), so that nodes close in the order are close in the machine.
void bisection_order(const PointSet& points, std::vector<int>::iterator first,
                     std::vector<int>::iterator last) {
  if (last - first <= 1) return;
  int widest = 0;
  double widest_extent = -1;
  for (int d = 0; d < points.dim; ++d) {
    double lo = points.at(*first, d), hi = lo;
    for (auto it = first; it != last; ++it)
      lo = std::min(lo, points.at(*it, d)), hi = std::max(hi, points.at(*it, d));
    if (hi - lo > widest_extent) widest = d, widest_extent = hi - lo;
  }
  const auto mid = first + (last - first) / 2;
  std::nth_element(first, mid, last, [&](int a, int b) {
    if (points.at(a, widest) != points.at(b, widest)) return points.at(a, widest) < points.at(b, widest);
    for (int d = 0; d < points.dim; ++d)
      if (points.at(a, d) != points.at(b, d)) return points.at(a, d) < points.at(b, d);
    return a < b;
  });
  bisection_order(points, first, mid);
  bisection_order(points, mid, last);
}

}  // namespace

Mapping map_rcm(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "rcm");
  const SymGraph graph = symmetrize(groups);
  const std::vector<int> task_order = rcm_order(graph);
  const NodeSpace space(nodes);
  // Node orders tried, the fewest hop-bytes kept (the first on ties): the RCM order of the network (on a
  // torus with its wrap-around links, fronts round a point, which fits periodic task graphs; and without
  // them, fronts from a corner, which fits the others), then a space order, which loses less when the task
  // graph's fronts are longer or shorter than the network's (an index offset becomes a short hop distance
  // instead of a slide along a front).
  std::vector<std::vector<int>> node_orders;
  node_orders.push_back(rcm_order(space.node_adjacency(true)));
  if (space.any_wrap()) node_orders.push_back(rcm_order(space.node_adjacency(false)));
  node_orders.emplace_back(nodes.num_nodes());
  std::iota(node_orders.back().begin(), node_orders.back().end(), 0);
  bisection_order(node_points(nodes), node_orders.back().begin(), node_orders.back().end());

  std::vector<int> best;
  double best_hop_bytes = 0;
  for (const std::vector<int>& node_order : node_orders) {
    std::vector<int> node_of_task(groups.num_tasks());
    for (size_t i = 0; i < task_order.size(); ++i) node_of_task[task_order[i]] = node_order[i];
    double hop_bytes = 0;
    for (int u = 0; u < graph.num_vertices; ++u)
      for (std::int64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e)
        hop_bytes += graph.bytes[e] * nodes.machine().hops(nodes.node(node_of_task[u]),
                                                           nodes.node(node_of_task[graph.targets[e]]));
    if (best.empty() || hop_bytes < best_hop_bytes)
      best = std::move(node_of_task), best_hop_bytes = hop_bytes;
  }
  std::vector<int> slots(groups.num_tasks());
  for (int t = 0; t < groups.num_tasks(); ++t) slots[t] = nodes.first_slot(best[t]);
  return Mapping(std::move(slots), nodes.num_slots());
}

}  // namespace tamp::impl
