#include "algorithms/irregular/sym_graph.hpp"

#include <algorithm>
#include <utility>

namespace tamp::impl {

double SymGraph::weight(int v) const {
  double sum = 0;
  for (std::int64_t e = offsets[v]; e < offsets[v + 1]; ++e) sum += bytes[e];
  return sum;
}

SymGraph symmetrize(const TaskGraph& graph) {
  const int n = graph.num_tasks();
  const auto& off = graph.offsets();
  const auto& dst = graph.targets();
  const auto& bytes = graph.bytes();
  // Every directed edge goes into both rows; rows are then sorted and equal neighbours merged.
  std::vector<std::int64_t> count(static_cast<size_t>(n) + 1, 0);
  for (int u = 0; u < n; ++u)
    for (std::int64_t e = off[u]; e < off[u + 1]; ++e)
      if (dst[e] != u) {
        ++count[u + 1];
        ++count[dst[e] + 1];
      }
  for (int u = 0; u < n; ++u) count[u + 1] += count[u];
  std::vector<std::pair<int, double>> entries(static_cast<size_t>(count[n]));
  {
    std::vector<std::int64_t> next(count.begin(), count.end() - 1);
    for (int u = 0; u < n; ++u)
      for (std::int64_t e = off[u]; e < off[u + 1]; ++e)
        if (dst[e] != u) {
          entries[next[u]++] = {dst[e], bytes[e]};
          entries[next[dst[e]]++] = {u, bytes[e]};
        }
  }
  SymGraph g;
  g.num_vertices = n;
  g.offsets.reserve(static_cast<size_t>(n) + 1);
  g.targets.reserve(entries.size());
  g.bytes.reserve(entries.size());
  for (int u = 0; u < n; ++u) {
    auto first = entries.begin() + count[u], last = entries.begin() + count[u + 1];
    std::sort(first, last, [](const auto& a, const auto& b) { return a.first < b.first; });
    const std::int64_t row = static_cast<std::int64_t>(g.targets.size());
    for (auto it = first; it != last; ++it) {
      if (static_cast<std::int64_t>(g.targets.size()) > row && g.targets.back() == it->first) {
        g.bytes.back() += it->second;
      } else {
        g.targets.push_back(it->first);
        g.bytes.push_back(it->second);
      }
    }
    g.offsets.push_back(static_cast<std::int64_t>(g.targets.size()));
  }
  return g;
}

SymGraph induced_subgraph(const SymGraph& graph, const std::vector<int>& vertices,
                          std::vector<int>& local_of) {
  for (size_t i = 0; i < vertices.size(); ++i) local_of[vertices[i]] = static_cast<int>(i);
  SymGraph sub;
  sub.num_vertices = static_cast<int>(vertices.size());
  sub.offsets.reserve(vertices.size() + 1);
  for (int v : vertices) {
    for (std::int64_t e = graph.offsets[v]; e < graph.offsets[v + 1]; ++e) {
      const int local = local_of[graph.targets[e]];
      if (local < 0) continue;
      sub.targets.push_back(local);
      sub.bytes.push_back(graph.bytes[e]);
    }
    sub.offsets.push_back(static_cast<std::int64_t>(sub.targets.size()));
  }
  for (int v : vertices) local_of[v] = -1;
  return sub;
}

}  // namespace tamp::impl
