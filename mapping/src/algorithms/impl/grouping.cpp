// Grouping tasks into node-sized groups, and the graph between the groups.
#include <algorithm>
#include <queue>

#include "algorithms/impl/block_shape.hpp"
#include "algorithms/impl/two_level.hpp"
#include "algorithms/irregular/irregular.hpp"
#include "tamp/error.hpp"
#include "tamp/text.hpp"

namespace tamp::impl {
namespace {

}  // namespace

Grouping tile_grid(const GridShape& grid, const std::vector<int>& block) {
  const int dims = static_cast<int>(grid.dims.size());
  GridShape blocks;
  blocks.dims.resize(dims);
  for (int d = 0; d < dims; ++d) {
    require(block[d] >= 1 && grid.dims[d] % block[d] == 0,
            "tile_grid: block " + extents_text(block) + " does not divide grid " + extents_text(grid.dims));
    blocks.dims[d] = grid.dims[d] / block[d];
  }
  Grouping g;
  blocks.periodic = grid.periodic;
  g.block_grid = blocks;
  g.group_of_task.resize(grid.size());
  g.tasks_of_group.resize(blocks.size());
  // Tasks in grid order already follow rows inside each block once sorted by their in-block offset.
  std::vector<std::vector<std::pair<long long, int>>> members(blocks.size());
  std::vector<int> c(dims, 0);  // task t's coordinates, dimension 0 fastest (grid.coords(t))
  for (long long t = 0; t < grid.size(); ++t) {
    long long group = 0, inner = 0;
    for (int d = dims - 1; d >= 0; --d) {
      group = group * blocks.dims[d] + c[d] / block[d];
      inner = inner * block[d] + c[d] % block[d];
    }
    g.group_of_task[t] = static_cast<int>(group);
    members[group].push_back({inner, static_cast<int>(t)});
    for (int d = 0; d < dims && ++c[d] == grid.dims[d]; ++d) c[d] = 0;
  }
  for (size_t b = 0; b < members.size(); ++b) {
    std::sort(members[b].begin(), members[b].end());
    for (const auto& m : members[b]) g.tasks_of_group[b].push_back(m.second);
  }
  return g;
}

namespace {

// Greedy graph growing: start each group at the lowest-numbered free task, then add the free task with the most
// bytes to the group (ties: lower id) until the group is full or has no free neighbour left (then the next
// lowest-numbered free task joins, so groups stay full).
Grouping grow_groups(const TaskGraph& graph, int group_size) {
  const int n = graph.num_tasks();
  Grouping g;
  g.group_of_task.assign(n, -1);
  // Undirected byte weights: out-edges plus in-edges.
  std::vector<std::vector<std::pair<int, double>>> adj(n);
  const auto& off = graph.offsets();
  for (int u = 0; u < n; ++u)
    for (std::int64_t e = off[u]; e < off[u + 1]; ++e) {
      const int v = graph.targets()[e];
      if (v == u) continue;
      adj[u].push_back({v, graph.bytes()[e]});
      adj[v].push_back({u, graph.bytes()[e]});
    }
  std::vector<double> gain(n, 0.0);
  int next_seed = 0;
  while (true) {
    while (next_seed < n && g.group_of_task[next_seed] >= 0) ++next_seed;
    if (next_seed == n) break;
    const int group = static_cast<int>(g.tasks_of_group.size());
    g.tasks_of_group.emplace_back();
    std::vector<int>& members = g.tasks_of_group.back();
    std::priority_queue<std::pair<double, int>> frontier;  // (bytes to the group, -task)
    std::vector<int> touched;
    auto add = [&](int t) {
      g.group_of_task[t] = group;
      members.push_back(t);
      for (const auto& [v, w] : adj[t]) {
        if (g.group_of_task[v] >= 0) continue;
        if (gain[v] == 0.0) touched.push_back(v);
        gain[v] += w;
        frontier.push({gain[v], -v});
      }
    };
    add(next_seed);
    while (static_cast<int>(members.size()) < group_size) {
      int pick = -1;
      while (!frontier.empty()) {
        const auto [w, neg] = frontier.top();
        frontier.pop();
        if (g.group_of_task[-neg] < 0 && w == gain[-neg]) {
          pick = -neg;
          break;
        }
      }
      if (pick < 0) {
        while (next_seed < n && g.group_of_task[next_seed] >= 0) ++next_seed;
        if (next_seed == n) break;
        pick = next_seed;
      }
      add(pick);
    }
    for (int v : touched) gain[v] = 0.0;
  }
  return g;
}

// Recursive bisection (graph growing + Fiduccia-Mattheyses, as `rb` splits): a region of k groups splits into
// floor(k/2) and ceil(k/2) groups, exact sizes, fewest bytes cut; every group but the last region's is full.
Grouping bisect_groups(const TaskGraph& graph, int group_size) {
  const SymGraph sym = symmetrize(graph);
  const int n = graph.num_tasks();
  Grouping g;
  g.group_of_task.assign(n, -1);
  std::vector<int> local_of(n, -1);
  struct Region {
    std::vector<int> tasks;
    int groups;
  };
  std::vector<Region> stack;
  std::vector<int> all(n);
  for (int t = 0; t < n; ++t) all[t] = t;
  stack.push_back({std::move(all), (n + group_size - 1) / group_size});
  while (!stack.empty()) {  // depth first, lower half first: group ids follow the bisection tree
    Region r = std::move(stack.back());
    stack.pop_back();
    if (r.groups <= 1) {
      std::sort(r.tasks.begin(), r.tasks.end());
      for (int t : r.tasks) g.group_of_task[t] = static_cast<int>(g.tasks_of_group.size());
      g.tasks_of_group.push_back(std::move(r.tasks));
      continue;
    }
    const int k0 = r.groups / 2;
    const int size0 = std::min(static_cast<int>(r.tasks.size()), k0 * group_size);
    const std::vector<char> side = bisect_graph(induced_subgraph(sym, r.tasks, local_of), size0);
    Region half[2] = {{{}, k0}, {{}, r.groups - k0}};
    for (size_t i = 0; i < r.tasks.size(); ++i) half[static_cast<int>(side[i])].tasks.push_back(r.tasks[i]);
    stack.push_back(std::move(half[1]));
    stack.push_back(std::move(half[0]));
  }
  return g;
}

// Bytes between tasks of different groups.
double cut_between_groups(const TaskGraph& graph, const Grouping& g) {
  double cut = 0;
  const auto& off = graph.offsets();
  for (int u = 0; u < graph.num_tasks(); ++u)
    for (std::int64_t e = off[u]; e < off[u + 1]; ++e)
      if (g.group_of_task[u] != g.group_of_task[graph.targets()[e]]) cut += graph.bytes()[e];
  return cut;
}

}  // namespace

Grouping group_tasks(const TaskGraph& graph, int group_size) {
  if (graph.grid()) {
    if (auto block = best_block_shape(graph.grid()->dims, group_size)) return tile_grid(*graph.grid(), *block);
  }
  Grouping grown = grow_groups(graph, group_size);
  Grouping bisected = bisect_groups(graph, group_size);
  return cut_between_groups(graph, bisected) < cut_between_groups(graph, grown) ? bisected : grown;
}

TaskGraph contract(const TaskGraph& graph, const std::vector<int>& group_of_task, int groups) {
  require(static_cast<int>(group_of_task.size()) == graph.num_tasks() && groups >= 0,
          "contract: one group per task");
  for (int g : group_of_task) require(g >= 0 && g < groups, "contract: a group outside [0, groups)");
  const auto& off = graph.offsets();
  const auto& targets = graph.targets();
  const auto& bytes = graph.bytes();
  // The messages between groups, by sending group, each group's in task order.
  std::vector<std::int64_t> start(static_cast<std::size_t>(groups) + 1, 0);
  for (int u = 0; u < graph.num_tasks(); ++u)
    for (std::int64_t e = off[u]; e < off[u + 1]; ++e)
      start[group_of_task[u] + 1] += group_of_task[u] != group_of_task[targets[e]];
  for (int g = 0; g < groups; ++g) start[g + 1] += start[g];
  std::vector<int> to(static_cast<std::size_t>(start[groups]));
  std::vector<double> amount(to.size());
  {
    std::vector<std::int64_t> next(start.begin(), start.end() - 1);
    for (int u = 0; u < graph.num_tasks(); ++u)
      for (std::int64_t e = off[u]; e < off[u + 1]; ++e) {
        const int gu = group_of_task[u], gv = group_of_task[targets[e]];
        if (gu != gv) to[next[gu]] = gv, amount[next[gu]++] = bytes[e];
      }
  }
  // Each group's row: the bytes to each target summed in that order, then the targets sorted.
  std::vector<std::int64_t> offsets(1, 0);
  offsets.reserve(static_cast<std::size_t>(groups) + 1);
  std::vector<int> out_targets;
  std::vector<double> out_bytes;
  std::vector<int> column(static_cast<std::size_t>(groups), -1);  // a target's place in the row being built
  std::vector<std::pair<int, double>> row;
  for (int g = 0; g < groups; ++g) {
    row.clear();
    for (std::int64_t i = start[g]; i < start[g + 1]; ++i) {
      int& c = column[to[i]];
      if (c < 0) {
        c = static_cast<int>(row.size());
        row.emplace_back(to[i], amount[i]);
      } else {
        row[c].second += amount[i];
      }
    }
    for (const auto& [v, b] : row) column[v] = -1;
    std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [v, b] : row) out_targets.push_back(v), out_bytes.push_back(b);
    offsets.push_back(static_cast<std::int64_t>(out_targets.size()));
  }
  return TaskGraph::from_csr(groups, std::move(offsets), std::move(out_targets), std::move(out_bytes));
}

TaskGraph quotient_graph(const TaskGraph& graph, const Grouping& grouping) {
  const int groups = static_cast<int>(grouping.tasks_of_group.size());
  TaskGraph q = contract(graph, grouping.group_of_task, groups);
  if (grouping.block_grid) q.set_grid(*grouping.block_grid);
  if (graph.has_coordinates()) {
    const int dim = graph.coordinate_dim();
    std::vector<double> centroids(static_cast<size_t>(groups) * dim, 0.0);
    for (int g = 0; g < groups; ++g) {
      for (int t : grouping.tasks_of_group[g])
        for (int d = 0; d < dim; ++d)
          centroids[static_cast<size_t>(g) * dim + d] += graph.coordinates()[static_cast<size_t>(t) * dim + d];
      for (int d = 0; d < dim; ++d) centroids[static_cast<size_t>(g) * dim + d] /= grouping.tasks_of_group[g].size();
    }
    q.set_coordinates(dim, std::move(centroids));
  }
  return q;
}

}  // namespace tamp::impl
