// The geometric mappers of [Deveci14] (Deveci et al.): tasks and cores are partitioned by the same recursive
// coordinate bisection (MJ) into the same number of parts, and task part k runs on core part k.
#pragma once
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "algorithms/impl/objective.hpp"
#include "algorithms/impl/points.hpp"
#include "tamp/mapper.hpp"

namespace tamp::impl {

/// What distinguishes geom, geom-r and geom-rs ([Deveci14] Table I).
struct GeomVariant {
  bool all_rotations = false;  // every task-axis x machine-axis ordering, best by the objective (Geom+R)
  bool torus_shift = false;  // machine coordinates shifted across the largest gap of wrapping dimensions (+S)
  // With all_rotations, under an objective other than hop-bytes: past this many messages, links and nodes scored
  // in all (rotations x (messages + links + nodes); about 30 ns each to route and load), the rotations are ranked
  // by hop-bytes first and the best max(kKeptByHopBytes, budget / (messages + links + nodes)) are scored by the
  // objective (geom.cpp); past kHopBytesAloneTasks tasks, max(1, budget / ...).
  std::int64_t full_scoring_budget = 10'000'000;
  // Search one task ordering of each class of equivalent_task_orderings (when the pass is by hop-bytes on a torus,
  // summed exactly, and keeps one rotation per ordering): the same mapping, found in a sixth of the time on a
  // cube. Off only in tests.
  bool join_equivalent_orderings = true;
};
inline constexpr std::int64_t kKeptByHopBytes = 3;
/// One scoring of a placement by the time or congestion objective, in the units of full_scoring_budget: it
/// routes every message and clears and scans a load per link and a count per node.
inline std::int64_t objective_scoring_cost(const TaskGraph& graph, const Allocation& allocation) {
  return graph.num_edges() + allocation.machine().link_id_bound() + allocation.machine().num_nodes();
}
// At 10^6 tasks one scoring by time costs as much as ten by hop-bytes: only the budget's share is scored, at
// least the best by hop-bytes (the objective then decides between the two levels of geom-r and geom-rs).
inline constexpr int kHopBytesAloneTasks = 1 << 18;

/// Algorithm 1 of [Deveci14] on the slots of `allocation` (the paper's form): every core takes its router's
/// coordinates, ties between them go to the other coordinates and then to the slot index (so a node's cores
/// stay together). With one slot per node it is a node-level algorithm. Throws std::invalid_argument when the
/// graph has neither a grid shape nor coordinates.
Mapping map_geometric_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                            GeomVariant variant);
/// The same mapping, and its score by options.objective (CandidateScorer's) when the rotations were searched
/// and ranked by it (not when a single rotation was kept by hop-bytes).
struct ScoredMapping {
  Mapping mapping;
  std::optional<Score> score;
};
ScoredMapping search_geometric_slots(const TaskGraph& graph, const Allocation& allocation,
                                     const MapOptions& options, GeomVariant variant);
Mapping map_geom_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
Mapping map_geom_r_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
Mapping map_geom_rs_slots(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);

/// True when map_two_level keeps the geometry of the task graph on multi-core nodes: groups of one task, task
/// coordinates (groups get centroids), or a grid that node-sized blocks tile (groups get the block grid).
bool node_level_keeps_geometry(const TaskGraph& graph, const Allocation& allocation,
                               const MapOptions& options);

/// The registered mappers. geom is map_geom_slots. geom-r and geom-rs run their search at slot level and,
/// when the cores per node allow and node_level_keeps_geometry(), also on the node-level problem of
/// map_two_level; the better of the two winners by the objective is kept (ties: slot level).
Mapping map_geom(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
Mapping map_geom_r(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
Mapping map_geom_rs(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);

/// SHIFT_TORUS ([Deveci14] §IV-C). For each dimension d with wrap[d], the occupied coordinates (integers in
/// [0, length[d])) are scanned for the largest gap between neighbours; ties go to the gap whose two bordering
/// coordinates hold the smaller weight, then to the lower one. When that gap exceeds 1 and beats the
/// wrap-around gap (larger, or equal with smaller bordering weight), length[d] is added to every coordinate
/// below the gap, so points across the wrap-around link become numerically close. Returns, per dimension, the
/// first coordinate above the gap (nothing below it was shifted when -1).
std::vector<int> shift_torus(PointSet& points, const std::vector<int>& weight, const std::vector<int>& length,
                             const std::vector<bool>& wrap);

/// The closest subset ([Deveci14] §IV-B case 3, the modified K-means of Zoltan2's getClosestSubset): point i
/// holds weight[i] units (the cores of a node); `wanted` units are chosen close together. 2^dim + 1 clusters
/// start at the corners and the centre of the bounding box; each takes the `wanted` units nearest its centre
/// (Euclidean; ties by point index, a point's units in order) and moves its centre to their mean, at most 10
/// times; the cluster with the smallest total distance wins (ties: the first). Returns the units taken from
/// each point. `threads` move the clusters side by side: the same result on any number.
std::vector<int> closest_subset(const PointSet& points, const std::vector<int>& weight, long wanted,
                                int threads = 1);

class MjPoints;
/// For each task ordering of a rotation search (axis lists, each holding every axis of `points`, the tasks'
/// points in task order), the index of the first ordering that gives every machine ordering a placement of the
/// same score by any objective made of (slot, slot, bytes) triples (hop-bytes; the time model is not assumed to
/// be), or its own index. Orderings are joined when the points fill a box and
/// swapping two axes of equal extent maps the graph's messages onto messages of the same bytes (checked
/// message by message on up to `threads` threads).
std::vector<int> equivalent_task_orderings(const TaskGraph& graph, const MjPoints& points,
                                           const std::vector<std::vector<int>>& orders, int threads);

/// Scores candidate placements (slot of every task) by `objective`, lower is better; the same Score as
/// impl::score. Hop-bytes on a Torus is computed without building a Mapping, for the rotation search; there
/// the sum may stop early once it exceeds `bound` (the best so far), returning a partial sum still above
/// `bound`.
class CandidateScorer {
 public:
  CandidateScorer(const TaskGraph& graph, const Allocation& allocation, Objective objective);
  Score operator()(const std::vector<int>& slot_of_task,
                   double bound = std::numeric_limits<double>::infinity()) const;
  /// True when the score is hop-bytes on a torus, from the site of every task alone (its router, or on tori
  /// of up to 3 dimensions its router's coordinates in one word: score_sites): a search can then skip the
  /// slots of the candidates it does not keep.
  bool scores_sites() const { return fast_; }
  std::uint64_t site_of_slot(int slot) const { return site_of_slot_[slot]; }
  /// True when score_sites' sums are exact (whole bytes, sums below 2^53): the same placement's score whatever
  /// order its tasks are summed in.
  bool sums_exactly() const { return fast_ && exact_; }
  /// operator()'s score of the placement whose task t runs at site_of_task[t] (scores_sites()).
  Score score_sites(const std::vector<std::uint64_t>& site_of_task,
                    double bound = std::numeric_limits<double>::infinity()) const;
  static constexpr int kMaxFastDims = 8;
  static constexpr int kPackBits = 21;  // bits of a coordinate in a packed site

 private:
  const TaskGraph& graph_;
  const Allocation& allocation_;
  Objective objective_;
  bool fast_ = false;
  bool symmetric_ = false;  // every message has its reverse with the same integer bytes: one direction, doubled
  bool exact_ = false;      // whole bytes and sums below 2^53
  std::vector<std::int64_t> up_offsets_;  // symmetric_: the messages to higher tasks, bytes in 32 bits
  std::vector<int> up_targets_;
  std::vector<std::uint32_t> up_bytes_;
  int dims_ = 0;
  std::vector<int> router_coords_;          // router r, dimension d at r * dims_ + d
  std::vector<std::vector<int>> distance_;  // per dimension: hops between coordinates delta apart
  std::vector<std::uint64_t> site_of_slot_;
  bool packed_ = false;  // sites are coordinates packed kPackBits a dimension (else router indices)
};

}  // namespace tamp::impl
