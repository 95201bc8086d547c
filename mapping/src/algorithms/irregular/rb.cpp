// `rb` (LibTopoMap, Hoefler & Snir; Scotch's dual recursive bipartitioning): bisect the machine and the task
// graph together. A region (tasks + nodes) splits its nodes geometrically (Machine::node_coordinates: the
// widest dimension, by count) and its tasks into two parts of matching sizes with few bytes cut
// (bisect_graph). Regions split breadth first, and a task's bytes to tasks of other regions pull it towards
// the half nearer them (hops between the regions' central nodes; Scotch's external gains), so neighbouring
// regions split the same way round. With fewer tasks than nodes the lower half is filled first, so the tasks
// stay on a compact set of nodes.
#include <algorithm>
#include <deque>
#include <limits>
#include <utility>

#include "algorithms/impl/points.hpp"
#include "algorithms/irregular/irregular.hpp"

namespace tamp::impl {
namespace {

struct Region {
  std::vector<int> tasks;
  std::vector<int> nodes;  // allocated-node indices
  int centre = 0;          // the node nearest the nodes' centroid, for distances between regions
};

class Bisection {
 public:
  Bisection(const SymGraph& graph, const Allocation& nodes)
      : graph_(graph),
        nodes_(nodes),
        points_(node_points(nodes)),
        local_of_(graph.num_vertices, -1),
        region_of_task_(graph.num_vertices, 0) {}

  std::vector<int> run() {
    Region all;
    all.tasks.resize(graph_.num_vertices);
    for (int t = 0; t < graph_.num_vertices; ++t) all.tasks[t] = t;
    all.nodes.resize(nodes_.num_nodes());
    for (int i = 0; i < nodes_.num_nodes(); ++i) all.nodes[i] = i;
    all.centre = central_node(all.nodes);
    regions_.push_back(std::move(all));
    std::vector<int> node_of_task(graph_.num_vertices, -1);
    std::deque<int> pending{0};
    while (!pending.empty()) {
      const int r = pending.front();
      pending.pop_front();
      if (regions_[r].tasks.empty()) continue;
      if (regions_[r].nodes.size() == 1) {
        node_of_task[regions_[r].tasks.front()] = regions_[r].nodes.front();
        continue;
      }
      split(r);
      pending.push_back(static_cast<int>(regions_.size()) - 2);
      pending.push_back(static_cast<int>(regions_.size()) - 1);
    }
    return node_of_task;
  }

 private:
  // Sorts `ids` along their widest coordinate (ties by the other coordinates, then index).
  void sort_nodes(std::vector<int>& ids) const {
    int widest = 0;
    double widest_extent = -1;
    for (int d = 0; d < points_.dim; ++d) {
      double lo = points_.at(ids[0], d), hi = lo;
      for (int i : ids) lo = std::min(lo, points_.at(i, d)), hi = std::max(hi, points_.at(i, d));
      if (hi - lo > widest_extent) widest = d, widest_extent = hi - lo;
    }
    std::sort(ids.begin(), ids.end(), [&](int a, int b) {
      if (points_.at(a, widest) != points_.at(b, widest))
        return points_.at(a, widest) < points_.at(b, widest);
      for (int d = 0; d < points_.dim; ++d)
        if (points_.at(a, d) != points_.at(b, d)) return points_.at(a, d) < points_.at(b, d);
      return a < b;
    });
  }

  int central_node(const std::vector<int>& ids) const {
    std::vector<double> mean(points_.dim, 0.0);
    for (int i : ids)
      for (int d = 0; d < points_.dim; ++d) mean[d] += points_.at(i, d) / ids.size();
    int best = ids.front();
    double best_distance = std::numeric_limits<double>::infinity();
    for (int i : ids) {
      double distance = 0;
      for (int d = 0; d < points_.dim; ++d)
        distance += (points_.at(i, d) - mean[d]) * (points_.at(i, d) - mean[d]);
      if (distance < best_distance) best = i, best_distance = distance;
    }
    return best;
  }

  void split(int r) {
    std::vector<int> ids = std::move(regions_[r].nodes);
    std::vector<int> tasks = std::move(regions_[r].tasks);
    sort_nodes(ids);
    const int m = static_cast<int>(ids.size()), m0 = m / 2;
    const int n = static_cast<int>(tasks.size()), n0 = std::min(n, m0);
    Region half[2];
    half[0].nodes.assign(ids.begin(), ids.begin() + m0);
    half[1].nodes.assign(ids.begin() + m0, ids.end());
    for (Region& h : half) h.centre = central_node(h.nodes);
    if (n0 == n) {
      half[0].tasks = std::move(tasks);
    } else {
      const Machine& machine = nodes_.machine();
      const int centre0 = nodes_.node(half[0].centre), centre1 = nodes_.node(half[1].centre);
      // Preference for side 1: bytes to each other region x (hops from half 0 - hops from half 1), the hop
      // difference computed once per region met (stamped with this split's region id).
      hop_difference_.resize(regions_.size());
      stamp_.resize(regions_.size(), -1);
      std::vector<double> preference(n, 0.0);
      for (int i = 0; i < n; ++i) {
        const int v = tasks[i];
        for (std::int64_t e = graph_.offsets[v]; e < graph_.offsets[v + 1]; ++e) {
          const int other = region_of_task_[graph_.targets[e]];
          if (other == r) continue;
          if (stamp_[other] != r) {
            const int there = nodes_.node(regions_[other].centre);
            hop_difference_[other] = machine.hops(centre0, there) - machine.hops(centre1, there);
            stamp_[other] = r;
          }
          preference[i] += graph_.bytes[e] * hop_difference_[other];
        }
      }
      const std::vector<char> side = bisect_graph(induced_subgraph(graph_, tasks, local_of_), n0, preference);
      for (int i = 0; i < n; ++i) half[static_cast<int>(side[i])].tasks.push_back(tasks[i]);
    }
    for (Region& h : half) {
      for (int t : h.tasks) region_of_task_[t] = static_cast<int>(regions_.size());
      regions_.push_back(std::move(h));
    }
  }

  const SymGraph& graph_;
  const Allocation& nodes_;
  const PointSet points_;
  std::vector<int> local_of_;        // scratch for induced_subgraph, all -1
  std::vector<int> region_of_task_;  // the region each task is in now
  std::vector<Region> regions_;      // split regions keep only their centre
  std::vector<int>
      hop_difference_;      // per region: hops from half 0 minus hops from half 1 of the region in split
  std::vector<int> stamp_;  // per region: the region in split when hop_difference_ was computed
};

}  // namespace

Mapping map_rb(const TaskGraph& groups, const Allocation& nodes, const MapOptions&) {
  require_node_level_fit(groups, nodes, "rb");
  const SymGraph graph = symmetrize(groups);
  const std::vector<int> node_of_task = Bisection(graph, nodes).run();
  std::vector<int> slots(groups.num_tasks());
  for (int t = 0; t < groups.num_tasks(); ++t) slots[t] = nodes.first_slot(node_of_task[t]);
  return Mapping(std::move(slots), nodes.num_slots());
}

}  // namespace tamp::impl
