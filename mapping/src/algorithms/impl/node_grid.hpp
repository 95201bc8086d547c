// The allocated nodes seen as a regular processor grid, for the regular-graph heuristics ([Bhatele10] ch. 9).
#pragma once
#include <optional>
#include <vector>

#include "tamp/allocation.hpp"

namespace tamp::impl {

/// A box of nodes: dims (the router box, then nodes per router when > 1) and the allocated-node index of every cell
/// (dimension 0 fastest); wrap[d] is true when the box spans a whole torus dimension that wraps.
struct NodeGrid {
  std::vector<int> dims;
  std::vector<bool> wrap;
  std::vector<int> node_at;   // size prod(dims): allocated-node index, or -1 when not allocated
  std::vector<int> axis;      // per grid dimension: the torus dimension it spans, or num_dims() for the node-on-router index
  std::vector<int> lo;        // per grid dimension: the machine coordinate of cell 0 (the box may wrap round)
  int num_cells() const { return static_cast<int>(node_at.size()); }
  std::vector<int> coords(int cell) const;
  int cell(const std::vector<int>& coords) const;
};

/// The bounding box of the allocated nodes of a Torus machine (dimensions of extent 1 dropped, node-on-router
/// index as the last dimension when a router has several allocated nodes). On a wrapping dimension the box starts
/// after the largest run of unallocated coordinates, so an allocation across the wrap-around stays compact.
/// Cells outside the allocation are -1.
/// std::nullopt when the machine is not a Torus.
std::optional<NodeGrid> node_grid(const Allocation& allocation);

}  // namespace tamp::impl
