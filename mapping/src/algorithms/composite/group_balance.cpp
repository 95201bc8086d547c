// The group phase of `refine` under the congestion objective, on switch trees: on a tree, the
// uplink of a switch carries every byte between the tasks below it and the others, so its load is the bytes
// crossing the boundary of that group of nodes. Single-task swaps stop at a local minimum of the busiest
// boundary (a group sheds a task only by taking another, and each such pair alone adds as much as it
// removes), so the busiest group and each of its sibling groups are refined together Kernighan-Lin style: a
// sequence of best pair exchanges, worse ones included, locked once made, is cut back to its best prefix by
// (max boundary bytes at the level, groups at that max, total). Only the two groups' boundaries change (a
// task of any other group is as far from both), so each pair is scored in O(1) from the bytes each task has
// into the two groups.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "algorithms/composite/composite.hpp"
#include "algorithms/impl/level_groups.hpp"
#include "tamp/fat_tree.hpp"

namespace tamp::impl {
namespace {

constexpr int kPairSteps = 32;  // pair exchanges tried per group pair before cutting back to the best prefix
constexpr int kTopTasks = 10;   // candidates per side each step: pairs scored per step are kTopTasks^2

// (max boundary bytes, groups at that max, total): what a level's exchanges lower, lexicographically.
struct LevelKey {
  double max = 0;
  int at_max = 0;
  double total = 0;

  // Counts one group's boundary into the max and how many groups are at it (within eps).
  void count(double boundary, double eps) {
    if (boundary > max + eps) {
      max = boundary;
      at_max = 1;
    } else if (boundary >= max - eps) {
      ++at_max;
    }
  }
};

class GroupBalancer {
 public:
  GroupBalancer(const SymGraph& sym, const Allocation& allocation, const MapOptions& options,
                std::vector<int> slots)
      : sym_(sym), alloc_(allocation), options_(options), slot_of_(std::move(slots)) {
    eps_ = 1e-12 * std::max(std::accumulate(sym.bytes.begin(), sym.bytes.end(), 0.0), 1e-300);
  }

  std::vector<int> run() {
    const int levels = alloc_.machine().num_distance_levels();
    for (int level = levels - 2; level >= 1 && work_ <= options_.refine_work; --level) balance_level(level);
    return std::move(slot_of_);
  }

 private:
  bool less(const LevelKey& a, const LevelKey& b) const {
    if (a.max < b.max - eps_) return true;
    if (a.max > b.max + eps_) return false;
    if (a.at_max != b.at_max) return a.at_max < b.at_max;
    return a.total < b.total - eps_;
  }

  LevelKey key() const {
    LevelKey k;
    for (double b : boundary_) {
      k.total += b;
      k.count(b, eps_);
    }
    return k;
  }

  void balance_level(int level) {
    const std::vector<int> node_group = groups_at_level(alloc_, level, work_);
    const std::vector<int> node_parent = groups_at_level(alloc_, level + 1, work_);
    const int n = sym_.num_vertices;
    const int groups = 1 + *std::max_element(node_group.begin(), node_group.end());
    if (groups < 2) return;
    parent_.assign(groups, -1);
    for (std::size_t i = 0; i < node_group.size(); ++i) parent_[node_group[i]] = node_parent[i];
    group_.resize(n);
    for (int t = 0; t < n; ++t) group_[t] = node_group[alloc_.node_of_slot(slot_of_[t])];
    boundary_.assign(groups, 0.0);
    for (int t = 0; t < n; ++t)
      for (auto e = sym_.offsets[t]; e < sym_.offsets[t + 1]; ++e)
        if (group_[sym_.targets[e]] != group_[t]) boundary_[group_[t]] += sym_.bytes[e];
    work_ += static_cast<std::int64_t>(sym_.targets.size());
    into_g_.assign(n, 0.0);
    into_h_.assign(n, 0.0);
    locked_.assign(n, 0);
    listed_.assign(n, 0);
    while (work_ <= options_.refine_work) {
      const LevelKey now = key();
      int g = 0;
      while (boundary_[g] < now.max - eps_) ++g;  // the first group at the max
      // Its sibling groups by the bytes between them, heaviest first: where its tasks would rather be.
      std::vector<double> between(groups, 0.0);
      members(g, g_tasks_);
      for (int t : g_tasks_)
        for (auto e = sym_.offsets[t]; e < sym_.offsets[t + 1]; ++e) {
          const int h = group_[sym_.targets[e]];
          if (h != g && parent_[h] == parent_[g]) between[h] += sym_.bytes[e];
        }
      std::vector<int> order;
      for (int h = 0; h < groups; ++h)
        if (between[h] > 0) order.push_back(h);
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return between[a] > between[b]; });
      bool improved = false;
      for (int h : order) {
        if (work_ > options_.refine_work) break;
        if ((improved = exchange(g, h, now))) break;
      }
      if (!improved) break;
    }
  }

  void members(int g, std::vector<int>& out) {
    out.clear();
    for (int t = 0; t < sym_.num_vertices; ++t)
      if (group_[t] == g) out.push_back(t);
    work_ += sym_.num_vertices / 8;  // a scan of one int per task
  }

  double weight(int t, int u) const {
    const auto first = sym_.targets.begin() + sym_.offsets[t],
               last = sym_.targets.begin() + sym_.offsets[t + 1];
    const auto it = std::lower_bound(first, last, u);
    return it != last && *it == u ? sym_.bytes[it - sym_.targets.begin()] : 0.0;
  }

  // Task t goes to group `to`; the bytes its neighbours have into g and h follow.
  void move(int t, int to, int g, int h) {
    const int from = group_[t];
    for (auto e = sym_.offsets[t]; e < sym_.offsets[t + 1]; ++e) {
      const int u = sym_.targets[e];
      const double w = sym_.bytes[e];
      (from == g ? into_g_ : into_h_)[u] -= w;
      (to == g ? into_g_ : into_h_)[u] += w;
      if (!listed_[u] && (group_[u] == g || group_[u] == h)) {
        listed_[u] = 1;
        candidates_.push_back(u);
      }
    }
    work_ += sym_.offsets[t + 1] - sym_.offsets[t];
    // The boundary of each group changes by the bytes t leaves behind less those it joins.
    const double d = degree_[t];
    boundary_[from] += 2 * (from == g ? into_g_[t] : into_h_[t]) - d;
    boundary_[to] += d - 2 * (to == g ? into_g_[t] : into_h_[t]);
    group_[t] = to;
  }

  // The kTopTasks unlocked tasks of group `side` whose move lowers g's boundary most: g's tasks by leaving
  // it, h's by joining it (ties by id).
  void best_movers(int side, int g, std::vector<int>& out) {
    out.clear();
    const auto gain = [&](int t) {
      return side == g ? 2 * into_g_[t] - degree_[t] : degree_[t] - 2 * into_g_[t];
    };
    const auto before = [&](int a, int b) { return gain(a) != gain(b) ? gain(a) < gain(b) : a < b; };
    for (int t : candidates_) {
      if (locked_[t] || group_[t] != side) continue;
      if (static_cast<int>(out.size()) == kTopTasks && !before(t, out.back())) continue;
      if (static_cast<int>(out.size()) == kTopTasks) out.pop_back();
      out.insert(std::upper_bound(out.begin(), out.end(), t, before), t);
    }
    work_ += static_cast<std::int64_t>(candidates_.size());
  }

  // Groups g and h exchange pairs of tasks; true when the best prefix lowers the level's key (kept), else
  // everything is undone.
  bool exchange(int g, int h, const LevelKey& start) {
    const int n = sym_.num_vertices;
    // Boundary tasks of both groups, with the bytes each has into g and into h.
    candidates_.clear();
    members(g, g_tasks_);
    members(h, h_tasks_);
    degree_.resize(n);
    for (const std::vector<int>* side : {&g_tasks_, &h_tasks_})
      for (int t : *side) {
        double into_g = 0, into_h = 0, all = 0;
        for (auto e = sym_.offsets[t]; e < sym_.offsets[t + 1]; ++e) {
          const int u = sym_.targets[e];
          all += sym_.bytes[e];
          if (group_[u] == g) into_g += sym_.bytes[e];
          if (group_[u] == h) into_h += sym_.bytes[e];
        }
        work_ += sym_.offsets[t + 1] - sym_.offsets[t];
        into_g_[t] = into_g;
        into_h_[t] = into_h;
        degree_[t] = all;
        const double own = group_[t] == g ? into_g : into_h;
        if (own < all) {  // a boundary task
          listed_[t] = 1;
          candidates_.push_back(t);
        }
      }
    // The other groups' boundaries do not change: their max and how many are at it.
    LevelKey others;
    for (int k = 0; k < static_cast<int>(boundary_.size()); ++k)
      if (k != g && k != h) others.count(boundary_[k], eps_);
    const auto key_of = [&](double bg, double bh, double total) {
      LevelKey k{others.max, others.at_max, total};
      k.count(bg, eps_);
      k.count(bh, eps_);
      return k;
    };
    std::vector<std::pair<int, int>> made;
    LevelKey best = start;
    std::size_t best_prefix = 0;
    double total = start.total;
    for (int step = 0; step < kPairSteps; ++step) {
      best_movers(g, g, from_g_);
      best_movers(h, g, from_h_);
      int best_t = -1, best_p = -1;
      LevelKey best_step;
      for (int t : from_g_)
        for (int p : from_h_) {
          const double w = weight(t, p), dt = degree_[t], dp = degree_[p];
          // t: g -> h, then p: h -> g with t already in h.
          const double dg = (2 * into_g_[t] - dt) + (dp - 2 * (into_g_[p] - w));
          const double dh = (dt - 2 * into_h_[t]) + (2 * (into_h_[p] + w) - dp);
          const LevelKey k = key_of(boundary_[g] + dg, boundary_[h] + dh, total + dg + dh);
          if (best_t < 0 || less(k, best_step)) {
            best_t = t;
            best_p = p;
            best_step = k;
          }
        }
      work_ += static_cast<std::int64_t>(from_g_.size() * from_h_.size());
      if (best_t < 0) break;
      move(best_t, h, g, h);
      move(best_p, g, g, h);
      total = best_step.total;
      locked_[best_t] = locked_[best_p] = 1;
      made.push_back({best_t, best_p});
      if (less(best_step, best)) {
        best = best_step;
        best_prefix = made.size();
      }
    }
    for (std::size_t i = made.size(); i > best_prefix; --i) {  // back to the best prefix
      move(made[i - 1].first, g, g, h);
      move(made[i - 1].second, h, g, h);
    }
    for (std::size_t i = 0; i < best_prefix; ++i)
      std::swap(slot_of_[made[i].first], slot_of_[made[i].second]);
    for (const auto& [t, p] : made) locked_[t] = locked_[p] = 0;
    for (int t : candidates_) listed_[t] = 0;
    return best_prefix > 0;
  }

  const SymGraph& sym_;
  const Allocation& alloc_;
  const MapOptions& options_;
  std::vector<int> slot_of_;
  double eps_ = 0;
  std::int64_t work_ = 0;
  std::vector<int> group_, parent_;  // the group of each task at the level, the parent group of each group
  std::vector<double> boundary_;     // bytes crossing each group's boundary (both directions)
  std::vector<double> into_g_, into_h_, degree_;
  std::vector<char> locked_, listed_;
  std::vector<int> candidates_, g_tasks_, h_tasks_, from_g_, from_h_;
};

}  // namespace

Mapping balance_group_boundaries(const Allocation& allocation, const MapOptions& options, const SymGraph& sym,
                                 const Mapping& initial) {
  // Only where a group's boundary is one link: a k-ary n-tree spreads a leaf's traffic over its k uplinks.
  const auto* tree = dynamic_cast<const FatTree*>(&allocation.machine());
  if (tree == nullptr || !tree->is_switch_tree() || tree->num_distance_levels() < 3 ||
      options.max_tasks_per_slot != 1)
    return initial;
  return Mapping(GroupBalancer(sym, allocation, options, initial.slots()).run(), allocation.num_slots());
}

}  // namespace tamp::impl
