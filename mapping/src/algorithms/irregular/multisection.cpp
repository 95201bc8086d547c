// `multisection`: top-down along the machine's levels, as KaHIP's global multisection maps processes. The tasks
// are split among the groups of nodes one level down (the subtrees of a fat tree's top switch), then each
// group's tasks among its own groups, down to single nodes, whose tasks take their slots in order. A split into
// k groups is a recursive bisection of the group list and of the tasks together (multilevel_bisect), sizes set
// by the groups' slots, so the most expensive level is cut least; then every pair of the k shares is refined
// (refine_shares), which recursive bisection alone cannot do once a split is made. On a tree every task outside
// a group is equally far from all its nodes, so no split needs to know where the rest went.
#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

#include "algorithms/irregular/irregular.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {
namespace {

// Allocated nodes (indices) that are at most `level` apart, level by level: children[g] are the groups of
// level - 1 inside group g; a level-0 group is one node.
struct Group {
  std::vector<int> nodes;     // allocated-node indices, in allocation order
  std::vector<int> children;  // groups one level down (empty for a node)
  long long slots = 0;
};

class Hierarchy {
 public:
  explicit Hierarchy(const Allocation& allocation) : allocation_(allocation) {
    const int top = allocation.machine().num_distance_levels() - 1;
    Group all;
    all.nodes.resize(allocation.num_nodes());
    std::iota(all.nodes.begin(), all.nodes.end(), 0);
    groups_.push_back(std::move(all));
    split(0, top);
  }
  const Group& group(int g) const { return groups_[g]; }

 private:
  // Splits group g (whose nodes are at most `level` apart) into the groups of level - 1, in order of their
  // first node.
  void split(int g, int level) {
    for (int i : groups_[g].nodes) groups_[g].slots += allocation_.cores_of(i);
    if (level == 0 || groups_[g].nodes.size() == 1) return;
    const Machine& machine = allocation_.machine();
    std::vector<std::vector<int>> parts;
    for (int i : groups_[g].nodes) {
      auto near = std::find_if(parts.begin(), parts.end(), [&](const std::vector<int>& p) {
        return machine.level_apart(allocation_.node(p.front()), allocation_.node(i)) < level;
      });
      if (near == parts.end()) parts.push_back({i});
      else near->push_back(i);
    }
    if (parts.size() == 1) return split(g, level - 1);  // one group a level down: the same group
    for (auto& p : parts) {
      const int child = static_cast<int>(groups_.size());
      groups_.push_back({std::move(p), {}, 0});
      groups_[g].children.push_back(child);
      split(child, level - 1);
    }
  }

  const Allocation& allocation_;
  std::vector<Group> groups_;
};

class Multisection {
 public:
  Multisection(const SymGraph& graph, const Allocation& allocation, const MapOptions& options, bool refine_pairs)
      : graph_(graph),
        allocation_(allocation),
        hierarchy_(allocation),
        per_slot_(options.max_tasks_per_slot),
        refine_pairs_(refine_pairs),
        local_of_(graph.num_vertices, -1),
        share_of_(graph.num_vertices, -1),
        slots_(graph.num_vertices, -1) {}

  std::vector<int> run() {
    std::vector<int> tasks(graph_.num_vertices);
    std::iota(tasks.begin(), tasks.end(), 0);
    place(std::move(tasks), 0);
    return std::move(slots_);
  }

 private:
  // Puts `tasks` on group g: shares them among its children, refines the cuts between each pair of children,
  // then places each child's share inside it.
  void place(std::vector<int> tasks, int g) {
    if (tasks.empty()) return;
    const Group& group = hierarchy_.group(g);
    if (group.children.empty()) return fill_node(group.nodes.front(), tasks);  // a level-0 group is one node
    std::vector<std::vector<int>> shares(group.children.size());
    share(std::move(tasks), group.children, 0, shares);
    if (refine_pairs_) refine_shares(graph_, shares, local_of_, share_of_);
    for (std::size_t c = 0; c < shares.size(); ++c) place(std::move(shares[c]), group.children[c]);
  }

  // Shares `tasks` among the groups `among` (consecutive children, the first being child `first_child`):
  // halves of the group list by slots (the first half the nearest to half of them, at least one group).
  void share(std::vector<int> tasks, const std::vector<int>& among, std::size_t first_child,
             std::vector<std::vector<int>>& shares) {
    if (among.size() == 1) {
      shares[first_child] = std::move(tasks);
      return;
    }
    long long total = 0;
    for (int g : among) total += hierarchy_.group(g).slots;
    std::size_t h = 1;
    long long first = hierarchy_.group(among[0]).slots;
    while (h + 1 < among.size() && 2 * (first + hierarchy_.group(among[h]).slots) <= total)
      first += hierarchy_.group(among[h++]).slots;
    const std::vector<int> lower(among.begin(), among.begin() + static_cast<std::ptrdiff_t>(h));
    const std::vector<int> upper(among.begin() + static_cast<std::ptrdiff_t>(h), among.end());
    auto [low_tasks, high_tasks] = bisect(std::move(tasks), first, total);
    share(std::move(low_tasks), lower, first_child, shares);
    share(std::move(high_tasks), upper, first_child + h, shares);
  }

  // The tasks for `first` of `total` slots, and the rest. Fewer tasks than slots fill the first slots first
  // (a compact job, as the launcher fills nodes); more (several per slot) are shared in proportion.
  std::pair<std::vector<int>, std::vector<int>> bisect(std::vector<int> tasks, long long first, long long total) {
    const long long n = static_cast<long long>(tasks.size());
    const long long n0 = n <= total ? std::min(n, first) : std::min(n, (n * first + total / 2) / total);
    if (n0 == n) return {std::move(tasks), {}};
    if (n0 == 0) return {{}, std::move(tasks)};
    const std::vector<char> side =
        multilevel_bisect(induced_subgraph(graph_, tasks, local_of_), static_cast<int>(n0));
    std::pair<std::vector<int>, std::vector<int>> halves;
    for (std::size_t i = 0; i < tasks.size(); ++i) (side[i] ? halves.second : halves.first).push_back(tasks[i]);
    return halves;
  }

  void fill_node(int node, const std::vector<int>& tasks) {
    const int cores = allocation_.cores_of(node);
    require(static_cast<long long>(tasks.size()) <= static_cast<long long>(cores) * per_slot_,
            "multisection: more tasks than a node's slots hold");
    for (std::size_t i = 0; i < tasks.size(); ++i)
      slots_[tasks[i]] = allocation_.first_slot(node) + static_cast<int>(i % cores);
  }

  const SymGraph& graph_;
  const Allocation& allocation_;
  const Hierarchy hierarchy_;
  const int per_slot_;
  const bool refine_pairs_;
  std::vector<int> local_of_;  // scratch for induced_subgraph, all -1
  std::vector<int> share_of_;  // scratch for refine_shares, all -1
  std::vector<int> slots_;
};

Mapping multisect(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options, bool refine_pairs,
                  const char* name) {
  if (allocation.machine().num_distance_levels() == 0)
    throw std::invalid_argument(std::string(name) + ": a " + allocation.machine().kind() +
                                " machine has no switch levels (it maps on fat trees)");
  std::vector<int> slots = Multisection(symmetrize(graph), allocation, options, refine_pairs).run();
  return Mapping(std::move(slots), allocation.num_slots());
}

}  // namespace

Mapping map_multisection(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return multisect(graph, allocation, options, true, "multisection");
}

Mapping map_multisection_bisect(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return multisect(graph, allocation, options, false, "multisection-bisect");
}

}  // namespace tamp::impl
