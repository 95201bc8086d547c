// The allocated nodes as a box of slots, for the heuristics that walk a processor mesh cell by cell.
#pragma once
#include <string>
#include <vector>

#include "tamp/allocation.hpp"

namespace tamp::impl {

/// node_grid() with the slot of each allocated node on its cell (-1: not allocated).
struct NodeBox {
  std::vector<int> dims;
  std::vector<bool> wrap;
  std::vector<int> slot_at;
  bool node_index_last = false;  // the last dimension is the node-on-router index (several nodes per router)
};

/// Throws std::invalid_argument naming `algorithm` when the machine is not a torus or mesh.
NodeBox node_box(const Allocation& nodes, const char* algorithm);
/// The node-on-router index (last dimension) merged into dimension `into`: coordinate c_into * n + c_node, so the
/// nodes of one router stay side by side.
NodeBox merge_node_index(const NodeBox& box, int into);

}  // namespace tamp::impl
