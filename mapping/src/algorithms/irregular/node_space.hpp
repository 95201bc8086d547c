// The allocated nodes as a grid of processor cells for the irregular heuristics ([Bhatele10] ch. 10): each
// heuristic picks a desirable cell and findNearest turns it into the closest free one.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "algorithms/impl/free_grid.hpp"
#include "algorithms/irregular/sym_graph.hpp"
#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"

namespace tamp::impl {

/// On a Torus: the bounding box of the allocated nodes (node_grid), cells outside the allocation never free,
/// so sparse allocations work. On any other machine: the allocated nodes in allocation order as a line
/// (launchers and schedulers number nearby nodes nearby), which keeps every heuristic applicable.
class NodeSpace {
 public:
  explicit NodeSpace(const Allocation& nodes);

  const FreeGrid& grid() const { return grid_; }
  int num_dims() const { return grid_.num_dims(); }
  int extent(int d) const { return grid_.dims()[d]; }
  bool wraps(int d) const { return wrap_[d]; }
  int num_cells() const { return grid_.num_cells(); }
  /// Allocated-node index of a cell, -1 when the cell is not allocated.
  int node_of_cell(int cell) const { return node_at_[cell]; }
  int cell_of_node(int node) const { return cell_of_node_[node]; }
  /// The cell with coordinates extent/2 in every dimension.
  int centre_cell() const;

  bool is_free(int cell) const { return grid_.is_free(cell); }
  /// findNearest: takes the free cell closest to `wanted` and returns it; throws std::runtime_error when none
  /// is left.
  int take_nearest(int wanted);

  /// The cell at the weighted centroid of `cells` (cell, weight > 0), rounded to the nearest coordinate
  /// (halves up). Along a wrapping dimension every cell is first moved to its image nearest the first cell,
  /// so two cells on either side of the wrap have their centroid between them and not across the box.
  int centroid(const std::vector<std::pair<int, double>>& cells) const;

  /// The allocated nodes as a graph: an edge of weight 1 between nodes whose cells are neighbours along one
  /// dimension (across the wrap-around too when `with_wrap`).
  SymGraph node_adjacency(bool with_wrap = true) const;
  /// True when some dimension of the box wraps round.
  bool any_wrap() const;
  /// The other cells on the same router as `cell` (0 hops away on the machine, 1 in the grid), when a router
  /// has several allocated nodes (the box's last dimension then indexes the node on its router).
  std::vector<int> router_mates(int cell) const;

 private:
  struct Layout;
  explicit NodeSpace(Layout layout);

  FreeGrid grid_;
  std::vector<bool> wrap_;
  std::vector<int> node_at_;
  std::vector<int> cell_of_node_;
  int router_dim_ = -1;  // grid dimension of the node-on-router index, -1 without one
};

/// A node-level mapping being built: the cell of each task placed so far.
struct PartialMapping {
  PartialMapping(const Allocation& nodes, int num_tasks) : space(nodes), cell_of_task(num_tasks, -1) {}
  NodeSpace space;
  std::vector<int> cell_of_task;  // -1 while unplaced

  bool placed(int task) const { return cell_of_task[task] >= 0; }
  /// Puts `task` on the free cell nearest to `wanted`.
  void place(int task, int wanted) { cell_of_task[task] = space.take_nearest(wanted); }
  /// Group -> slot of its node; every task must be placed.
  Mapping to_mapping(const Allocation& nodes) const;
};

/// Throws std::invalid_argument("NAME: ...") unless every group can have a node of its own.
void require_node_level_fit(const TaskGraph& groups, const Allocation& nodes, const std::string& name);

}  // namespace tamp::impl
