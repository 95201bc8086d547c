// Embeddings of a 2D task grid into a box of nodes ([Bhatele10] §9.1-9.2): maximum overlap (MXOVLP, Alg.
// 9.1), maximum overlap with re-alignment (MXOV+AL), the step embedding (STEP, after Aleliunas & Rosenberg
// 1982), and stacking / folding onto 3D boxes. Each has a pure placement on box coordinates (testable by
// hand) and a node-level function.
//
// Registry lines (regular/registry_regular.cpp, with algorithms/impl/two_level.hpp):
//   {"mxovlp", "maximum overlap ([Bhatele10] Alg. 9.1): 2D task grid onto a 2D box of nodes",
//    two_level<mxovlp_nodes>},
//   {"mxoval", "maximum overlap re-aligning the longer sides at every step (MXOV+AL)",
//    two_level<mxoval_nodes>},
//   {"step", "step embedding: rows of the 2D task grid laid in steps across a 2D box",
//    two_level<step_nodes>},
//   {"stack", "2D task grid cut along its long side, pieces stacked on the planes of a 3D box",
//    two_level_tilings<stack_nodes>},
//   {"fold", "2D task grid folded like an accordion onto the planes of a 3D box",
//    two_level_tilings<fold_nodes>},
#pragma once
#include <vector>

#include "tamp/mapper.hpp"

namespace tamp::impl {

/// Cells [x0, x0 + w) x [y0, y0 + h) of a 2D grid.
struct Rect {
  int x0 = 0, y0 = 0, w = 0, h = 0;
  bool operator==(const Rect& o) const { return x0 == o.x0 && y0 == o.y0 && w == o.w && h == o.h; }
};

/// One step of the maximum-overlap recursion: object (objects.x0 + i, objects.y0 + j) goes to processor
/// (px0 + i, py0 + j), or (px0 + j, py0 + i) when `transposed`.
struct OverlapPiece {
  Rect objects;
  int px0 = 0, py0 = 0;
  bool transposed = false;
};

/// The pieces of MXOVLP(ox, oy, px, py) ([Bhatele10] Alg. 9.1, as printed: no alignment), or of MXOV+AL when
/// `realign` (the object grid is transposed whenever its longer side lies across the mesh's longer side, at
/// every call). Fewer objects than processors are allowed: the recursion stops as soon as the objects fit the
/// processors left, which then take them one-to-one from their corner. Throws std::invalid_argument when
/// ox*oy > px*py.
std::vector<OverlapPiece> max_overlap_pieces(int ox, int oy, int px, int py, bool realign);

/// Processor cell (px_index + px * py_index) of every object (x + ox * y), from max_overlap_pieces.
std::vector<int> max_overlap_cells(int ox, int oy, int px, int py, bool realign);

/// The step embedding: the processor cell (x + px * y) of every object (x + ox * y). Longer sides aligned
/// first; a grid that fits is placed as is; otherwise the object lines along the side that fits are cut in
/// steps into bands, one band per processor line, and laid along it (see
/// docs/algorithms/regular-embeddings.md). Throws std::invalid_argument when ox*oy > px*py.
std::vector<int> step_cells(int ox, int oy, int px, int py);

/// Stacking (fold = false) or folding (fold = true) of an ox x oy grid onto a box of 3 dimensions: the longer
/// side of the grid is cut into k pieces (k = the smallest box dimension, the first of equal ones, or fewer
/// when the side is shorter), piece 0 is placed by MXOV+AL on the plane across that dimension, piece j is the
/// same picture on plane j, mirrored along the cut on odd j when folding. Box cell index with dimension 0
/// fastest. Throws std::invalid_argument when a piece does not fit a plane.
std::vector<int> stack_cells(int ox, int oy, const std::vector<int>& box, bool fold);

// Node-level functions (one slot per node; see impl/two_level.hpp). They need the task graph's grid shape
// with at most two dimensions longer than 1, and allocated nodes filling a box (a Torus allocation without
// holes): 2D for mxovlp/mxoval/step (a line counts as n x 1), 3D for stack/fold. The node-on-router index of
// node_grid(), when present, is merged into one router dimension (each is tried, the best by the objective
// kept) when the box has a dimension too many. Otherwise they throw std::invalid_argument naming the
// algorithm.
Mapping mxovlp_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
Mapping mxoval_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
Mapping step_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
Mapping stack_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
Mapping fold_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);

/// The glue they share: the task grid as {ox, oy} (dimensions of extent 1 dropped; task index x + ox * y).
std::vector<int> task_grid_2d(const TaskGraph& groups, const char* name);

/// An embedding in a box: the box cell of every object of an ox x oy grid.
using BoxEmbedding = std::vector<int> (*)(int ox, int oy, const std::vector<int>& box);

/// Runs `place` on every view of the allocated nodes as a box of `box_dims` dimensions and returns the best
/// mapping by options.objective (the first on ties).
Mapping map_on_node_box(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options,
                        int box_dims, BoxEmbedding place, const char* name);

}  // namespace tamp::impl
