// Task graphs of the apps' communication patterns, so tamp-map can work without running an app.
#pragma once
#include <string>
#include <vector>

#include "tamp/task_graph.hpp"

namespace tamp {

/// A Jacobi stencil on a regular task grid: each task owns a box of `local` cells and exchanges
/// faces (and, for 9- and 27-point stencils, edges and corners) of `bytes_per_cell` bytes per cell.
struct StencilGraphSpec {
  std::vector<int> tasks;          // task grid, dimension 0 fastest (2 or 3 entries; more allowed)
  std::vector<bool> periodic;      // empty: not periodic
  int points = 0;                  // 5 or 9 (2D), 7 or 27 (3D); 0: faces only (2*D+1)
  std::vector<int> local;          // cells per task per dimension (empty: 1 each)
  double bytes_per_cell = 8;
};
TaskGraph make_stencil_graph(const StencilGraphSpec& spec);

/// "stencil2d:64x64", "stencil3d:32x32x32[,points=27][,local=16x16x16][,periodic]"; throws std::invalid_argument.
TaskGraph generate_graph(const std::string& spec);

}  // namespace tamp
