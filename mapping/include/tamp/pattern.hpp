// Finding a regular stencil pattern in a task graph ([Bhatele10] §8.1, Alg. 8.1, generalised to 1D-4D and to
// the 5/9-point, 7/27-point and 9/81-point neighbourhoods).
#pragma once
#include <optional>
#include <string>

#include "tamp/task_graph.hpp"

namespace tamp {

/// What detect_pattern looks at and how much it forgives.
struct PatternOptions {
  /// Messages lighter than this share of the average message are dropped first ([Bhatele10]: 20%).
  double min_weight_fraction = 0.2;
  /// Messages to or from this task are ignored (collectives rooted at rank 0, [Bhatele10]); -1: none.
  int ignored_task = 0;
  /// Share of the remaining bytes that the stencil must carry (the rest is tolerated as other traffic).
  double min_explained = 0.9;
  /// Share of the stencil's face messages that must be present, in every dimension.
  double min_coverage = 0.9;
  /// Largest dimensionality tried.
  int max_dims = 4;
};

/// A regular pattern found in a task graph.
struct GridPattern {
  /// Task t at grid coordinates with dimension 0 fastest (GridShape's convention): dims[0] is the id distance
  /// of the "top/bottom" neighbour of Alg. 8.1. Extents are >= 2; a dimension of extent 2 is reported
  /// non-periodic.
  GridShape grid;
  /// 1 + the neighbour offsets in use: 5 or 9 in 2D, 7 or 27 in 3D, 9 or 81 in 4D, 3 in 1D; other values for
  /// partial neighbourhoods (19 in 3D when the corner messages fell under the weight filter).
  int points = 0;
  double explained = 0;  // share of the considered bytes that are stencil messages
  double coverage = 0;   // smallest share, over the dimensions, of the face messages present
};

/// The best-explaining grid (most bytes explained, then fewest dimensions), or std::nullopt when no grid
/// passes the thresholds of `options`. The graph's own grid(), if any, is not looked at. O(messages) per grid
/// tried; a handful are tried.
std::optional<GridPattern> detect_pattern(const TaskGraph& graph, const PatternOptions& options = {});

/// detect_pattern(graph)->grid.
std::optional<GridShape> detect_grid(const TaskGraph& graph);

/// One line, e.g. "2D 8x32 5-point, periodic 1 0 (100.0% of bytes)".
std::string describe(const GridPattern& pattern);

}  // namespace tamp
