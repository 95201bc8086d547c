// The stencil problem: command-line options and the validated problem they describe.
#pragma once
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace tamp::stencil {

/// What the command line says, before validation.
struct StencilOptions {
  int stencil = 0;     // 5 | 9 (2D), 7 | 27 (3D); 0: from --dims / --points
  int dims = 0;        // 2 | 3; 0: from the stencil
  int points = 0;      // with --dims
  std::string local;   // cells per rank NX[xNY[xNZ]] (weak scaling)
  std::string global;  // cells in all NX[xNY[xNZ]] (strong scaling)
  std::string procs;   // process grid PXxPY[xPZ]; empty: MPI_Dims_create's grid (tamp::process_grid)
  bool periodic = false;
  bool no_overlap = false;  // exchange the halo, then sweep every cell
  int iterations = 20;      // timed
  int warmup = 1;           // untimed, before the timed loop
};
std::ostream& operator<<(std::ostream& os, const StencilOptions& options);
void add_stencil_options(CLI::App& cli, StencilOptions& options);

/// A validated problem. Dimensions beyond `dims` have 1 cell, 1 process and no halo, so every loop is 3D.
struct StencilSpec {
  int dims = 3;
  int points = 7;
  std::array<int, 3> procs{1, 1, 1};
  std::array<int, 3> local{1, 1, 1};
  std::array<std::int64_t, 3> global{1, 1, 1};
  bool periodic = false;
  // Sweep the interior while the halo messages travel; false: wait for them first, then sweep every cell.
  bool overlap = true;
  int iterations = 20;
  int warmup = 1;

  bool box_stencil() const { return points == 9 || points == 27; }  // edges and corners too
  std::int64_t global_cells() const { return global[0] * global[1] * global[2]; }
  std::int64_t local_cells() const { return static_cast<std::int64_t>(local[0]) * local[1] * local[2]; }
};

/// Checks the options against the rank count; throws std::invalid_argument with a one-line message.
/// Uses MPI_Dims_create's grid (tamp::process_grid) when no --procs is given.
StencilSpec make_spec(const StencilOptions& options, int ranks);

}  // namespace tamp::stencil
