// The regular-graph heuristics that place a task grid cell by cell on a box of nodes ([Bhatele10] ch. 9):
// EXCO (Alg. 9.2), COCE, AFFN (Eq. 9.1, Alg. 9.3 / 9.4), all resolving collisions with findNearest
// (impl/free_grid.hpp), and the space-filling curve (Hilbert on both sides, §9.2). Each is a placement on a
// RegularView plus a node-level function for impl/two_level.hpp.
#pragma once
#include <vector>

#include "tamp/mapper.hpp"

namespace tamp::impl {

/// The task grid and the box of nodes seen with the same number of dimensions D, the longer sides paired
/// ([Bhatele10] §9.1: every heuristic first aligns the longer object dimension with the longer mesh
/// dimension). Dimensions are the box's, in its order; grid[k] is the extent of the task-grid dimension
/// paired with box dimension k (1 where one side has fewer dimensions). Cells are numbered with dimension 0
/// fastest on both sides.
struct RegularView {
  std::vector<int> grid;
  std::vector<bool> grid_wrap;  // periodic task grid
  std::vector<int> box;
  std::vector<bool> box_wrap;   // the box spans a whole wrapping torus dimension
  std::vector<bool> available;  // per box cell: an allocated node is there (sparse allocations have holes)
  int grid_cells() const;
  int box_cells() const;
};

/// An embedding: the box cell of every grid cell of the view, distinct and available.
using RegularEmbedding = std::vector<int> (*)(const RegularView& view);

/// The view of a grid of `grid` extents (dimensions of extent 1 ignored) on a box, longer sides paired
/// (stable: equal extents keep their order); `grid_axis[k]` receives the grid dimension paired with box
/// dimension k, or -1.
RegularView align_view(const std::vector<int>& grid, const std::vector<bool>& grid_periodic,
                       const std::vector<int>& box, const std::vector<bool>& box_wrap,
                       std::vector<bool> available, std::vector<int>& grid_axis);

/// Runs `place` on the views of (groups, nodes) and returns the best mapping by options.objective (the first
/// on ties). Views: the box of node_grid(nodes); when a router holds several allocated nodes, also that box
/// with the node-on-router index merged into each router dimension in turn (nodes of one router side by
/// side). With `same_dimensions`, only views whose box has as many dimensions as the grid has dimensions
/// longer than 1 (a line, of tasks or of nodes, counts as n x 1). Throws std::invalid_argument (message
/// starting with `name`) without a task grid of at most 3 dimensions longer than 1, on a machine that is not
/// a torus or mesh, with more groups than nodes, or when no view is left.
Mapping map_regular(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options,
                    RegularEmbedding place, const char* name, bool same_dimensions = false);

/// AFFN: grid cell x goes to floor(P_k * x_k / O_k) in every dimension (Eq. 9.1 / 9.2), cells taken in the
/// order of Alg. 9.3 (dimension 0 outermost), a taken or missing target replaced by its findNearest. Any view
/// works; the node-level function asks for as many grid dimensions as box dimensions (2D onto 2D, 3D onto
/// 3D), since a dimension of extent 1 would pile every object onto one plane.
std::vector<int> affn_cells(const RegularView& view);
/// EXCO: from corner 0 of both sides, the next object is the nearest unused object to the current one and the
/// next processor the nearest free processor to the current one (Alg. 9.2).
std::vector<int> exco_cells(const RegularView& view);
/// COCE: one EXCO front from each corner of the grid (2^D corners; dimensions of extent 1 on both sides add
/// none), corner i of the grid with corner i of the box, the fronts taking turns one cell at a time.
std::vector<int> coce_cells(const RegularView& view);
/// Hilbert: the grid cells in the order of a generalised Hilbert curve, the i-th onto the i-th available box
/// cell of the box's curve.
std::vector<int> hilbert_cells(const RegularView& view);

/// Every cell of a box (dimension 0 fastest) once, along a generalised Hilbert ("gilbert") curve: the classic
/// Hilbert curve when the sides are equal powers of two, steps between neighbouring cells for even sides (an
/// odd side may force a diagonal step). Dimensions of extent 1 are skipped; beyond three dimensions the curve
/// runs over the first three and the others are walked back and forth inside each of its cells.
std::vector<int> hilbert_order(const std::vector<int>& dims);

// Node-level functions (impl/two_level.hpp).
Mapping exco_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
Mapping coce_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
Mapping affn_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
Mapping hilbert_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);

}  // namespace tamp::impl
