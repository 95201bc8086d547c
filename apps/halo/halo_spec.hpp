// The halo problem: MiniGhost's command-line options (names and defaults) and the validated deck they
// describe.
#pragma once
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace tamp::halo {

/// What the command line says, before validation. Names and defaults are MiniGhost's (default-settings.h).
struct HaloOptions {
  int scaling = 2;  // 1: strong (--nx/--ny/--nz global), 2: weak (local)
  int nx = 100;
  int ny = 100;
  int nz = 100;
  int ndim = 0;  // > 0: nx = ny = nz = ndim
  int num_vars = 5;
  int percent_sum = 100;
  std::string sum_comm = "mapped";  // the grid sums' communicator: mapped (the run's) or launcher (slot order)
  int num_spikes = 1;
  int num_tsteps = 100;
  std::string stencil = "21";      // 21 2D5PT | 22 2D9PT | 23 3D7PT | 24 3D27PT
  std::string comm_method = "10";  // 10 BSPMA | 11 SVAF
  int bc = 31;                     // 31: Dirichlet (the only one MiniGhost has)
  int error_tol = 8;               // tolerance 10^-error_tol
  int report_diffusion = 20;       // print the error every this many steps; 0: at the last step
  int npx = 0;                     // 0: MiniGhost's default (all ranks in x, npy = npz = 1)
  int npy = 0;
  int npz = 0;
  int npdim = 0;        // > 0: npx = npy = npz = npdim
  int report_perf = 0;  // 0, 1, 2: how much timing detail rank 0 prints
  int debug_grid = 0;   // 1: zero grid, heat only from the spikes
  std::string yaml;     // write MiniGhost-style results here (one YAML document per run)
};
std::ostream& operator<<(std::ostream& os, const HaloOptions& options);
void add_halo_options(CLI::App& cli, HaloOptions& options);

enum class Stencil { s2d5pt = 21, s2d9pt = 22, s3d7pt = 23, s3d27pt = 24 };
enum class CommMethod { bspma = 10, svaf = 11 };
std::string to_string(Stencil stencil);    // "2D5PT"
std::string to_string(CommMethod method);  // "BSPMA"

/// A validated deck, identical on every rank.
struct HaloSpec {
  Stencil stencil = Stencil::s2d5pt;
  CommMethod comm = CommMethod::bspma;
  bool strong = false;
  std::array<int, 3> local{100, 100, 100};  // cells per rank
  std::array<int, 3> procs{1, 1, 1};        // NPX, NPY, NPZ; rank = x + NPX*(y + NPY*z)
  int vars = 5;
  int percent_sum = 100;
  bool launcher_sums = false;  // --sum_comm launcher: the grid sums run on the job's slots in order
  int spikes = 1;
  int tsteps = 100;  // per spike
  int error_tol = 8;
  int report_diffusion = 20;
  int report_perf = 0;
  bool debug_grid = false;
  std::string yaml;

  int points() const;  // 5, 9, 7 or 27
  bool three_d() const { return stencil == Stencil::s3d7pt || stencil == Stencil::s3d27pt; }
  /// 2D9PT and 3D27PT read edge and corner halo cells: the exchange goes dimension by dimension.
  bool diagonals() const { return stencil == Stencil::s2d9pt || stencil == Stencil::s3d27pt; }
  int steps() const { return spikes * tsteps; }
  double tolerance() const;
  std::int64_t global(int d) const { return static_cast<std::int64_t>(local[d]) * procs[d]; }
  std::int64_t local_cells() const { return static_cast<std::int64_t>(local[0]) * local[1] * local[2]; }
  std::int64_t global_cells() const { return global(0) * global(1) * global(2); }
  int ranks() const { return procs[0] * procs[1] * procs[2]; }
};

/// Checks the options against the rank count; throws std::invalid_argument with a one-line message.
HaloSpec make_spec(const HaloOptions& options, int ranks);

}  // namespace tamp::halo
