// geom, geom-r, geom-rs: Algorithm 1 of [Deveci14] at the level of cores. Every core takes its router's
// coordinates (shifted across the largest gaps of wrapping dimensions for geom-rs), the tasks their grid
// coordinates or given coordinates; both sets are cut by the same exact-count recursive bisection
// (mj_partition) with the same sequence of part counts, and task part k runs on core part k. The axis order
// of each side is a "rotation": geom takes one, pairing the axes by decreasing extent (the aspect-ratio
// rule); geom-r and geom-rs try every task-axis ordering against every machine-axis ordering and keep the
// best by the objective.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <vector>

#include "algorithms/geometric/geometric.hpp"
#include "algorithms/geometric/mj_partition.hpp"
#include "parallel.hpp"
#include "tamp/error.hpp"
#include "tamp/grid.hpp"

namespace tamp::impl {
namespace {

// Router coordinates of the allocated nodes, with the torus lengths and wrap flags (generic machines: their
// node coordinates, nothing wraps).
struct MachineGeometry {
  PointSet nodes;
  std::vector<int> length;
  std::vector<bool> wrap;
};

MachineGeometry machine_geometry(const Allocation& allocation) {
  MachineGeometry g;
  if (const Grid* torus = allocation.machine().grid()) {
    g.nodes.dim = torus->num_dims();
    for (int d = 0; d < torus->num_dims(); ++d)
      g.length.push_back(torus->dim(d)), g.wrap.push_back(torus->wraps(d));
    for (int node : allocation.nodes())
      for (int c : torus->router_coords(torus->router_of_node(node))) g.nodes.coords.push_back(c);
    return g;
  }
  g.nodes = node_points(allocation);
  g.length.assign(g.nodes.dim, 0);
  g.wrap.assign(g.nodes.dim, false);
  return g;
}

// Drops axes along which every point has the same coordinate: they cannot separate anything, and a rotation
// that cut along them would waste a level.
PointSet varying_axes(const PointSet& points) {
  std::vector<int> keep;
  for (int d = 0; d < points.dim; ++d)
    for (int i = 1; i < points.size(); ++i)
      if (points.at(i, d) != points.at(0, d)) {
        keep.push_back(d);
        break;
      }
  if (keep.empty()) keep.push_back(0);
  PointSet out{static_cast<int>(keep.size()), {}};
  out.coords.reserve(static_cast<size_t>(points.size()) * keep.size());
  for (int i = 0; i < points.size(); ++i)
    for (int d : keep) out.coords.push_back(points.at(i, d));
  return out;
}

// Axis orderings to try: all of them in lexicographic order (rotation index = task ordering x machine
// ordering, as [Deveci14] numbers them), or the single one by decreasing extent (ties: lower axis).
std::vector<std::vector<int>> axis_orders(const PointSet& points, bool all) {
  std::vector<int> axes(points.dim);
  std::iota(axes.begin(), axes.end(), 0);
  std::vector<std::vector<int>> orders;
  if (all) {
    do orders.push_back(axes);
    while (std::next_permutation(axes.begin(), axes.end()));
    return orders;
  }
  std::vector<double> extent(points.dim);
  for (int d = 0; d < points.dim; ++d) {
    double lo = points.at(0, d), hi = lo;
    for (int i = 1; i < points.size(); ++i)
      lo = std::min(lo, points.at(i, d)), hi = std::max(hi, points.at(i, d));
    extent[d] = hi - lo;
  }
  std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) { return extent[a] > extent[b]; });
  return {axes};
}

// The sort key of each level for ordering `order` cut along its first `m` axes (m = minDim): level l cuts
// along order[l % m]; ties go to the next cut axes cyclically, then the uncut axes in order, then the point
// index.
std::vector<std::vector<int>> level_axes(const std::vector<int>& order, int m) {
  std::vector<std::vector<int>> keys;
  for (int l = 0; l < m; ++l) {
    std::vector<int> key;
    for (int k = 0; k < m; ++k) key.push_back(order[(l + k) % m]);
    key.insert(key.end(), order.begin() + m, order.end());
    keys.push_back(std::move(key));
  }
  return keys;
}

// The level keys of every ordering of `points`, their orders computed side by side first.
std::vector<std::vector<const std::vector<int>*>> level_keys(MjPoints& points,
                                                             const std::vector<std::vector<int>>& orders, int m,
                                                             int threads) {
  std::vector<std::vector<int>> all;
  for (const auto& order : orders)
    for (std::vector<int>& key : level_axes(order, m)) all.push_back(std::move(key));
  points.prepare(all, threads);
  std::vector<std::vector<const std::vector<int>*>> keys(orders.size());
  for (std::size_t i = 0; i < orders.size(); ++i)
    for (const std::vector<int>& key : level_axes(orders[i], m)) keys[i].push_back(&points.ranks(key));
  return keys;
}

constexpr int kMaxRotatedDims = 6;  // 6! x 6! = 518,400 orderings is already far beyond any use

}  // namespace

ScoredMapping search_geometric_slots(const TaskGraph& graph, const Allocation& allocation,
                                     const MapOptions& options, GeomVariant variant) {
  const int tn = graph.num_tasks();
  require(graph.grid() || graph.has_coordinates(),
          "geom: needs task coordinates (a grid shape or coordinates)");
  require(options.max_tasks_per_slot >= 1, "geom: max_tasks_per_slot must be at least 1");
  const long pn = allocation.num_slots();
  require(tn <= pn * options.max_tasks_per_slot, "geom: more tasks than the slots can hold");
  if (tn == 0) return {Mapping({}, allocation.num_slots()), std::nullopt};

  // Machine side: shift (geom-rs), choose the closest subset when cores outnumber tasks, list the cores in
  // use. The nodes in use stand for their cores (same coordinates, ties by slot): MJ runs at the cost of the
  // nodes. Task side: the coordinates and their dense ranks. The two sides are prepared at once.
  const int threads = worker_threads(options.threads);
  std::vector<int> weight, first_slot;
  PointSet node_space, task_space;
  std::optional<MjPoints> task_points_mj;
  const auto machine_side = [&] {
    const MachineGeometry geometry = machine_geometry(allocation);
    std::vector<int> taken(allocation.num_nodes());
    for (int i = 0; i < allocation.num_nodes(); ++i) taken[i] = allocation.cores_of(i);
    PointSet nodes = geometry.nodes;
    if (variant.torus_shift) shift_torus(nodes, taken, geometry.length, geometry.wrap);
    if (tn < pn) {
      taken = closest_subset(nodes, taken, tn, threads);
      // Cut the torus open again where the chosen cores leave their largest gap.
      if (variant.torus_shift)
        nodes = geometry.nodes, shift_torus(nodes, taken, geometry.length, geometry.wrap);
    }
    PointSet used_nodes{nodes.dim, {}};
    for (int i = 0; i < allocation.num_nodes(); ++i) {
      if (taken[i] == 0) continue;
      weight.push_back(taken[i]);
      first_slot.push_back(allocation.first_slot(i));
      for (int d = 0; d < nodes.dim; ++d) used_nodes.coords.push_back(nodes.at(i, d));
    }
    node_space = varying_axes(used_nodes);
  };
  const auto task_side = [&] {
    task_space = varying_axes(task_points(graph));
    task_points_mj.emplace(task_space);
  };
  side_by_side(threads, machine_side, task_side);
  const int parts = static_cast<int>(std::min<long>(tn, pn));
  require((tn + parts - 1) / parts <= options.max_tasks_per_slot, "geom: more tasks than the slots can hold");

  const int m = std::min(task_space.dim, node_space.dim);
  require(m <= 8, "geom: at most 8 dimensions can be cut");
  require(!variant.all_rotations || (task_space.dim <= kMaxRotatedDims && node_space.dim <= kMaxRotatedDims),
          "geom-r: at most 6 coordinate dimensions per side");
  MjPoints node_points_mj(node_space);

  // Each side's sort orders are computed (and cached in MjPoints) before the threads start; each machine
  // ordering's partition (the slot of every part) is computed once and paired with every task ordering.
  const auto node_keys = level_keys(node_points_mj, axis_orders(node_space, variant.all_rotations), m, threads);
  const std::vector<std::vector<int>> task_orders = axis_orders(task_space, variant.all_rotations);
  const std::int64_t machine_orders = static_cast<std::int64_t>(node_keys.size());
  const std::int64_t candidates = static_cast<std::int64_t>(task_orders.size()) * machine_orders;
  // Scoring every rotation by the time or congestion objective routes every message of the graph each time
  // (36 times over at 10^6 tasks: 6 s of 9) and clears and scans a load per link and a count per node. Past the
  // variant's full_scoring_budget of those, the rotations are ranked by hop-bytes (its fast path: no routes, no
  // link loads) and only the `keep` best are scored by the objective. Those objectives reward the short routes
  // hop-bytes counts; below the budget every rotation is scored in full.
  const std::int64_t scoring_cost = std::max<std::int64_t>(1, objective_scoring_cost(graph, allocation));
  const std::int64_t floor = tn > kHopBytesAloneTasks ? 1 : kKeptByHopBytes;
  const std::int64_t keep = std::max<std::int64_t>(floor, variant.full_scoring_budget / scoring_cost);
  const bool by_hop_bytes_first = options.objective != Objective::hop_bytes && candidates > keep;
  const std::int64_t per_task_order = by_hop_bytes_first ? keep : 1;
  // Each machine ordering's partition, and the scorer of the rotations (it reads the whole graph) beside them.
  std::vector<std::vector<int>> slot_of_part(node_keys.size());
  std::optional<CandidateScorer> scorer;
  side_by_side(
      variant.all_rotations ? threads : 1,
      [&] {
        parallel_for(node_keys.size(), threads, [&](std::size_t i) {
          slot_of_part[i] = mj_partition_weighted(node_keys[i], weight, first_slot, parts).order;
        });
      },
      [&] {
        if (variant.all_rotations)
          scorer.emplace(graph, allocation, by_hop_bytes_first ? Objective::hop_bytes : options.objective);
      });
  // A pass by exact hop-bytes that keeps the best rotation of each task ordering ranks equivalent task orderings
  // alike (a cube's six are one): the first of each class is searched for all of them, and wins their ties.
  std::vector<int> same_as(task_orders.size());
  std::iota(same_as.begin(), same_as.end(), 0);
  if (variant.join_equivalent_orderings && per_task_order == 1 && scorer && scorer->sums_exactly())
    same_as = equivalent_task_orderings(graph, *task_points_mj, task_orders, threads);
  std::vector<std::vector<int>> searched_orders;
  for (std::size_t i = 0; i < task_orders.size(); ++i)
    if (same_as[i] == static_cast<int>(i)) searched_orders.push_back(task_orders[i]);
  const auto searched_keys = level_keys(*task_points_mj, searched_orders, m, threads);
  std::vector<std::vector<const std::vector<int>*>> task_keys(task_orders.size());  // empty: not searched
  for (std::size_t i = 0, k = 0; i < task_orders.size(); ++i)
    if (same_as[i] == static_cast<int>(i)) task_keys[i] = searched_keys[k++];
  // A task ordering's partition as the part of each task, and a rotation's slots from it.
  const auto parts_of_tasks = [&](const MjParts& task_parts) {
    std::vector<int> part_of_task(tn);
    for (int k = 0; k < parts; ++k)
      for (int j = task_parts.part_start[k]; j < task_parts.part_start[k + 1]; ++j)
        part_of_task[task_parts.order[j]] = k;
    return part_of_task;
  };
  const auto slots_of = [&](const std::vector<int>& part_of_task, std::int64_t machine_order) {
    const std::vector<int>& slots_in_order = slot_of_part[static_cast<std::size_t>(machine_order)];
    std::vector<int> slot(tn);
    for (int t = 0; t < tn; ++t) slot[t] = slots_in_order[part_of_task[t]];
    return slot;
  };
  if (!variant.all_rotations) {
    const std::vector<int> part_of_task = parts_of_tasks(mj_partition(task_keys.front(), parts));
    return {Mapping(slots_of(part_of_task, 0), allocation.num_slots()), std::nullopt};
  }

  // Rotation r = task ordering r / machine_orders x machine ordering r % machine_orders ([Deveci14]'s
  // numbering). Each task ordering keeps its `per_task_order` best rotations by the scorer (ties: the lower
  // rotation; a score cut short by the bound is above it and never kept), so the best of all lists are the
  // best of all rotations, whatever the threads.
  struct Kept {
    Score score;
    std::int64_t rotation;
    std::vector<int> slot;
    bool operator<(const Kept& o) const {
      return score < o.score || (!(o.score < score) && rotation < o.rotation);
    }
  };
  // A scorer that needs only the site of each task gets it straight from the part's site. The slots of a
  // rotation are built once the search is over, for the best only.
  std::vector<std::vector<std::uint64_t>> site_of_part(scorer->scores_sites() ? slot_of_part.size() : 0);
  parallel_for(site_of_part.size(), threads, [&](std::size_t j) {
    site_of_part[j].resize(slot_of_part[j].size());
    for (std::size_t k = 0; k < slot_of_part[j].size(); ++k)
      site_of_part[j][k] = scorer->site_of_slot(slot_of_part[j][k]);
  });
  std::vector<std::vector<Kept>> kept_by_order(task_keys.size());
  std::vector<std::vector<int>> part_of_task_by_order(task_keys.size());
  parallel_for(task_keys.size(), threads, [&](std::size_t i) {
    if (task_keys[i].empty()) return;  // an equivalent ordering before it stands for it
    part_of_task_by_order[i] = parts_of_tasks(mj_partition(task_keys[i], parts));
    const std::vector<int>& part_of_task = part_of_task_by_order[i];
    std::vector<Kept>& kept = kept_by_order[i];  // best first
    std::vector<std::uint64_t> site(site_of_part.empty() ? 0 : tn);
    for (std::int64_t j = 0; j < machine_orders; ++j) {
      const bool full = static_cast<std::int64_t>(kept.size()) == per_task_order;
      const double bound = full ? kept.back().score.primary : std::numeric_limits<double>::infinity();
      std::vector<int> slot;
      Score s;
      if (site_of_part.empty()) {
        slot = slots_of(part_of_task, j);
        s = (*scorer)(slot, bound);
      } else {  // the sites read in task order
        const std::vector<std::uint64_t>& site_in_order = site_of_part[static_cast<std::size_t>(j)];
        for (int t = 0; t < tn; ++t) site[t] = site_in_order[part_of_task[t]];
        s = scorer->score_sites(site, bound);
      }
      Kept entry{s, static_cast<std::int64_t>(i) * machine_orders + j, std::move(slot)};
      if (full && !(entry < kept.back())) continue;
      kept.insert(std::upper_bound(kept.begin(), kept.end(), entry), std::move(entry));
      if (static_cast<std::int64_t>(kept.size()) > per_task_order) kept.pop_back();
    }
  });
  std::vector<Kept> best;
  for (std::vector<Kept>& list : kept_by_order)
    for (Kept& k : list) best.push_back(std::move(k));
  std::sort(best.begin(), best.end());
  if (static_cast<std::int64_t>(best.size()) > per_task_order) best.resize(static_cast<std::size_t>(per_task_order));
  parallel_for(best.size(), threads, [&](std::size_t k) {
    if (!best[k].slot.empty()) return;
    const std::int64_t r = best[k].rotation;
    best[k].slot = slots_of(part_of_task_by_order[static_cast<std::size_t>(r / machine_orders)], r % machine_orders);
  });
  if (by_hop_bytes_first && best.size() == 1)  // nothing to rank: the caller scores it (beside other work)
    return {Mapping(std::move(best.front().slot), allocation.num_slots()), std::nullopt};
  if (by_hop_bytes_first) {  // the kept rotations by the objective (ties: the lower rotation, as in the full search)
    const CandidateScorer by_objective(graph, allocation, options.objective);
    parallel_for(best.size(), threads, [&](std::size_t k) { best[k].score = by_objective(best[k].slot); });
    std::sort(best.begin(), best.end());
  }
  return {Mapping(std::move(best.front().slot), allocation.num_slots()), best.front().score};
}

Mapping map_geometric_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                            GeomVariant variant) {
  return search_geometric_slots(graph, allocation, options, variant).mapping;
}

Mapping map_geom_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return map_geometric_slots(graph, allocation, options, {false, false});
}

Mapping map_geom_r_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return map_geometric_slots(graph, allocation, options, {true, false});
}

Mapping map_geom_rs_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  return map_geometric_slots(graph, allocation, options, {true, true});
}

}  // namespace tamp::impl
