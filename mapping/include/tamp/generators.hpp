// Task graphs of the apps' communication patterns, so tamp-map can work without running an app.
#pragma once
#include <string>
#include <vector>

#include <cstdint>

#include "tamp/mfdn.hpp"
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

/// MiniGhost's BSPMA boundary exchange (all variables of a face in one message) on an NPX x NPY x NPZ task grid,
/// x fastest, not periodic. 5/7-point stencils send the face cells; the diagonal stencils (2D9PT, 3D27PT) use
/// MiniGhost's coordinated exchange, whose face messages carry the halo ring too: (n_a+2)(n_b+2) cells.
struct MiniGhostGraphSpec {
  std::vector<int> tasks;                   // NPX, NPY, NPZ
  std::vector<int> local{100, 100, 100};    // NX, NY, NZ cells per task (MiniGhost's defaults)
  int vars = 5;                             // variables per cell, 1..40 (MiniGhost's default 5)
  bool diagonals = false;                   // 2D9PT or 3D27PT
};
TaskGraph make_minighost_graph(const MiniGhostGraphSpec& spec);

/// One MFDn Lanczos SpMV (seed 004 Alg. 1, S1 S2 S4 S5): binomial-tree messages of the column and row broadcasts
/// and reductions on the triangular grid; task id = MPI rank under `ordering`; each message n/nd * 8 bytes.
struct MfdnGraphSpec {
  int nd = 1;                               // diagonal processors; nd(nd+1)/2 tasks
  MfdnOrdering ordering = MfdnOrdering::dm;
  double n = 0;                             // vector length; 0: 1e6 * nd
};
TaskGraph make_mfdn_graph(const MfdnGraphSpec& spec);

/// A ParFUM-like unstructured mesh (perturbed triangles or tetrahedra) cut into `parts` parts by recursive
/// coordinate bisection; the quotient graph: 8 bytes per shared face, part centroids as coordinates.
struct MeshGraphSpec {
  int dim = 2;                              // 2: triangles, 3: tetrahedra
  int parts = 1;
  long long cells = 0;                      // about this many cells; 0: 100 per part
  std::uint64_t seed = 1;
};
TaskGraph make_mesh_graph(const MeshGraphSpec& spec);

/// "stencil2d:64x64", "stencil3d:32x32x32[,points=27][,local=16x16x16][,periodic]",
/// "minighost:4x4x4[,nx=..,ny=..,nz=..][,vars=5][,stencil=2d5pt|2d9pt|3d7pt|3d27pt]",
/// "mfdn:23[,ordering=dm|cm|bdm|bcm][,n=N]", "mesh:2d|3d,parts=P[,cells=N][,seed=S]"; throws std::invalid_argument.
TaskGraph generate_graph(const std::string& spec);

}  // namespace tamp
