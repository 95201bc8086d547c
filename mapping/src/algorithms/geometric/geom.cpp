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
std::vector<const std::vector<int>*> level_keys(MjPoints& points, const std::vector<int>& order, int m) {
  std::vector<const std::vector<int>*> keys;
  for (int l = 0; l < m; ++l) {
    std::vector<int> key;
    for (int k = 0; k < m; ++k) key.push_back(order[(l + k) % m]);
    key.insert(key.end(), order.begin() + m, order.end());
    keys.push_back(&points.ranks(key));
  }
  return keys;
}

constexpr int kMaxRotatedDims = 6;  // 6! x 6! = 518,400 orderings is already far beyond any use

}  // namespace

Mapping map_geometric_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                            GeomVariant variant) {
  const int tn = graph.num_tasks();
  require(graph.grid() || graph.has_coordinates(),
          "geom: needs task coordinates (a grid shape or coordinates)");
  require(options.max_tasks_per_slot >= 1, "geom: max_tasks_per_slot must be at least 1");
  const long pn = allocation.num_slots();
  require(tn <= pn * options.max_tasks_per_slot, "geom: more tasks than the slots can hold");
  if (tn == 0) return Mapping({}, allocation.num_slots());

  // Machine side: shift (geom-rs), choose the closest subset when cores outnumber tasks, list the cores in
  // use.
  const MachineGeometry geometry = machine_geometry(allocation);
  std::vector<int> taken(allocation.num_nodes());
  for (int i = 0; i < allocation.num_nodes(); ++i) taken[i] = allocation.cores_of(i);
  PointSet nodes = geometry.nodes;
  if (variant.torus_shift) shift_torus(nodes, taken, geometry.length, geometry.wrap);
  if (tn < pn) {
    taken = closest_subset(nodes, taken, tn);
    // Cut the torus open again where the chosen cores leave their largest gap.
    if (variant.torus_shift)
      nodes = geometry.nodes, shift_torus(nodes, taken, geometry.length, geometry.wrap);
  }
  // The nodes in use stand for their cores (same coordinates, ties by slot): MJ runs at the cost of the
  // nodes.
  std::vector<int> weight, first_slot;
  PointSet used_nodes{nodes.dim, {}};
  for (int i = 0; i < allocation.num_nodes(); ++i) {
    if (taken[i] == 0) continue;
    weight.push_back(taken[i]);
    first_slot.push_back(allocation.first_slot(i));
    for (int d = 0; d < nodes.dim; ++d) used_nodes.coords.push_back(nodes.at(i, d));
  }
  const int parts = static_cast<int>(std::min<long>(tn, pn));
  require((tn + parts - 1) / parts <= options.max_tasks_per_slot, "geom: more tasks than the slots can hold");

  const PointSet task_space = varying_axes(task_points(graph));
  const PointSet node_space = varying_axes(used_nodes);
  const int m = std::min(task_space.dim, node_space.dim);
  require(m <= 8, "geom: at most 8 dimensions can be cut");
  require(!variant.all_rotations || (task_space.dim <= kMaxRotatedDims && node_space.dim <= kMaxRotatedDims),
          "geom-r: at most 6 coordinate dimensions per side");
  MjPoints task_points_mj(task_space), node_points_mj(node_space);

  // Each machine ordering's partition (the slot of every part) is computed once and paired with every task
  // ordering.
  std::vector<std::vector<int>> slot_of_part;
  for (const auto& order : axis_orders(node_space, variant.all_rotations))
    slot_of_part.push_back(
        mj_partition_weighted(level_keys(node_points_mj, order, m), weight, first_slot, parts).order);

  const bool single = !variant.all_rotations;
  const std::vector<std::vector<int>> task_orders = axis_orders(task_space, variant.all_rotations);
  const std::int64_t candidates = static_cast<std::int64_t>(task_orders.size() * slot_of_part.size());
  // Scoring every rotation by the time or congestion objective routes every message of the graph each time
  // (36 times over at 10^6 tasks: 6 s of 9). Past the variant's full_scoring_budget messages, the rotations
  // are ranked by hop-bytes (its fast path: no routes, no link loads) and only the `keep` best are scored by
  // the objective. Those objectives reward the short routes hop-bytes counts; below the budget every rotation
  // is scored in full.
  const std::int64_t keep = std::max<std::int64_t>(
      kKeptByHopBytes, variant.full_scoring_budget / std::max<std::int64_t>(1, graph.num_edges()));
  const bool by_hop_bytes_first = !single && options.objective != Objective::hop_bytes && candidates > keep;
  std::optional<CandidateScorer> scorer, hop_bytes;
  if (!single) scorer.emplace(graph, allocation, options.objective);
  if (by_hop_bytes_first) hop_bytes.emplace(graph, allocation, Objective::hop_bytes);
  struct Kept {
    Score hop_bytes;
    std::int64_t rotation;
    std::vector<int> slot;
  };
  std::vector<Kept>
      kept;  // by_hop_bytes_first: the `keep` best by hop-bytes, best first (ties: lower rotation)
  std::optional<std::vector<int>> best;
  Score best_score;
  const auto consider = [&](std::vector<int>&& slot) {  // ties: the lowest rotation index
    const Score s = (*scorer)(slot, best ? best_score.primary : std::numeric_limits<double>::infinity());
    if (!best || s < best_score) best = std::move(slot), best_score = s;
  };
  std::int64_t rotation = 0;
  for (const auto& order : task_orders) {
    const MjParts task_parts = mj_partition(level_keys(task_points_mj, order, m), parts);
    for (const std::vector<int>& slots_in_order : slot_of_part) {
      std::vector<int> slot(tn);
      for (int k = 0; k < parts; ++k)
        for (int j = task_parts.part_start[k]; j < task_parts.part_start[k + 1]; ++j)
          slot[task_parts.order[j]] = slots_in_order[k];
      if (single) return Mapping(std::move(slot), allocation.num_slots());
      if (!by_hop_bytes_first) {
        consider(std::move(slot));
      } else {
        const bool full = static_cast<std::int64_t>(kept.size()) == keep;
        const double bound = full ? kept.back().hop_bytes.primary : std::numeric_limits<double>::infinity();
        const Score h = (*hop_bytes)(slot, bound);
        if (!full || h < kept.back().hop_bytes) {
          const auto at = std::upper_bound(kept.begin(), kept.end(), h,
                                           [](const Score& a, const Kept& b) { return a < b.hop_bytes; });
          kept.insert(at, {h, rotation, std::move(slot)});
          if (static_cast<std::int64_t>(kept.size()) > keep) kept.pop_back();
        }
      }
      ++rotation;
    }
  }
  // The kept rotations in rotation order: ties of the objective go to the lowest index, as in the full
  // search.
  std::sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) { return a.rotation < b.rotation; });
  for (Kept& k : kept) consider(std::move(k.slot));
  return Mapping(std::move(*best), allocation.num_slots());
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
