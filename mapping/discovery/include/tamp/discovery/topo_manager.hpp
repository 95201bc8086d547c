// TopoManager-style queries for porting users ([Bhatele10] §6.1): ranks <-> coordinates, hops, closest ranks.
// Built once from a JobLayout; every query is answered from memory (no system calls, no MPI).
#pragma once
#include <map>
#include <vector>

#include "tamp/discovery/job_layout.hpp"

namespace tamp::discovery {

/// Coordinates of a rank: the coordinates of its node (Machine::node_coordinates: on a torus the router
/// coordinates then the node's index on its router) followed by its core on the node. On a 3D torus with one
/// node per router that is (x, y, z, n=0, t) as in Charm++'s TopoManager with t = core.
class TopoManager {
 public:
  explicit TopoManager(JobLayout layout);

  const JobLayout& layout() const { return layout_; }
  int num_ranks() const { return static_cast<int>(layout_.slot_of_rank.size()); }
  /// Number of coordinates per rank (network coordinates + node index on router + core).
  int num_dims() const { return static_cast<int>(dims_.size()); }
  /// Extent of every coordinate over the machine (getDimNX, getDimNY, ...; the last one is getDimNT).
  const std::vector<int>& dimensions() const { return dims_; }
  int dimension(int d) const { return dims_.at(d); }
  /// Cores per node (getDimNT).
  int cores_per_node() const { return dims_.back(); }
  /// Wrap-around links per coordinate (isTorusX, ...); false for the node-index and core coordinates.
  const std::vector<bool>& torus_flags() const { return torus_; }
  bool is_torus(int d) const { return torus_.at(d); }

  std::vector<int> rank_to_coordinates(int rank) const;
  /// The rank at these coordinates, or -1 when no rank runs there.
  int coordinates_to_rank(const std::vector<int>& coords) const;
  /// Network hops between the nodes of two ranks (0 on the same node or router).
  int get_hops_between_ranks(int rank_a, int rank_b) const;
  /// The rank of `candidates` fewest hops from `rank` (the first one on ties); -1 when `candidates` is empty.
  int pick_closest_rank(int rank, const std::vector<int>& candidates) const;
  /// `ranks` sorted by hops from `rank`, ties kept in their given order.
  std::vector<int> sort_ranks_by_hops(int rank, std::vector<int> ranks) const;

 private:
  int node_of(int rank) const;  // machine node id of a rank

  JobLayout layout_;
  std::vector<int> dims_;
  std::vector<bool> torus_;
  std::vector<std::vector<int>> coords_;  // per rank
  std::map<std::vector<int>, int> rank_at_coords_;
};

}  // namespace tamp::discovery
