// Parsing and validation of the FFT options: every rank reaches the same verdict without communicating.
#include "fft_spec.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "distribution.hpp"
#include "tamp/app/extents.hpp"
#include "tamp/app/iteration_options.hpp"
#include "tamp/app/memory.hpp"
#include "tamp/generators.hpp"
#include "tamp/text.hpp"

namespace tamp::fft {
namespace {

std::vector<long long> parse_sizes(const std::string& text, const std::string& option) {
  return app::parse_extents(text, option, "64 or 48x40x36");
}

// Why the sizes cannot be block-distributed on pr x pc (each rank needs at least one plane of every
// distributed dimension), or "" when they can. Dimension 0 over rows, 1 over columns then rows, 2 over
// columns.
// Fewest planes a communicating transpose pipelines, over all ranks: the tiles cut these planes.
int fewest_planes(const std::array<int, 3>& n, int pr, int pc) {
  int planes = std::numeric_limits<int>::max();
  if (pc > 1) planes = std::min(planes, n[0] / pr);  // row transposes cut the rank's dimension-0 planes
  if (pr > 1) planes = std::min(planes, n[2] / pc);  // column transposes cut its dimension-2 planes
  if (planes == std::numeric_limits<int>::max()) planes = std::min(n[0] / pr, n[2] / pc);
  return planes;
}

void choose_grid(const FftOptions& o, int ranks, FftSpec& spec) {
  if (o.decomposition != "slab" && o.decomposition != "pencil") {
    throw std::invalid_argument("unknown --decomposition '" + o.decomposition + "' (slab | pencil)");
  }
  spec.slab = o.decomposition == "slab";
  if (!o.grid.empty()) {
    if (spec.slab)
      throw std::invalid_argument("--grid is for --decomposition pencil (a slab is the grid Px1)");
    const auto g = parse_sizes(o.grid, "--grid");
    if (g.size() != 2 || g[0] * g[1] != ranks) {
      throw std::invalid_argument("--grid " + o.grid + " is not a PRxPC grid of the job's " +
                                  std::to_string(ranks) + " ranks");
    }
    spec.pr = static_cast<int>(g[0]);
    spec.pc = static_cast<int>(g[1]);
  } else if (spec.slab) {
    spec.pr = ranks;
    spec.pc = 1;
  } else {
    // Least transposed volume among the true 2D grids that fit (the library's choice, so that
    // `fft:...,ranks=P` gives this grid); a prime rank count leaves only the slab.
    const auto grid = fft_default_grid(spec.n, ranks);
    spec.pr = grid[0];
    spec.pc = grid[1];
  }
  const std::string problem = fft_grid_problem(spec.n, spec.pr, spec.pc);
  if (!problem.empty()) {
    throw std::invalid_argument("--size " + extents_text(spec.n) +
                                " cannot be distributed on the process grid " + std::to_string(spec.pr) +
                                "x" + std::to_string(spec.pc) + ": " + problem);
  }
}

void choose_pipeline(const FftOptions& o, FftSpec& spec) {
  if (o.transpose == "blocking") {
    spec.mode = TransposeMode::blocking;
  } else if (o.transpose == "overlap") {
    spec.mode = TransposeMode::overlap;
  } else {
    throw std::invalid_argument("unknown --transpose mode '" + o.transpose + "' (blocking | overlap)");
  }
  if (o.progress == "test") {
    spec.progress = ProgressMode::test;
  } else if (o.progress == "none") {
    spec.progress = ProgressMode::none;
  } else {
    throw std::invalid_argument("unknown --progress mode '" + o.progress +
                                "' (test | none; a progress thread needs MPI_THREAD_MULTIPLE, which the "
                                "apps do not request)");
  }
  if (o.plan != "estimate" && o.plan != "measure") {
    throw std::invalid_argument("unknown --plan '" + o.plan + "' (estimate | measure)");
  }
  spec.measure = o.plan == "measure";
  if (o.tile < 0) throw std::invalid_argument("--tile must be positive (0: half of the fewest planes)");
  if (o.window < 1) throw std::invalid_argument("--window must be at least 1");
  if (o.autotune && spec.mode != TransposeMode::overlap) {
    throw std::invalid_argument("--autotune sweeps --tile and --window of --transpose overlap");
  }
  spec.max_tile = fewest_planes(spec.n, spec.pr, spec.pc);
  if (o.tile > spec.max_tile) {
    throw std::invalid_argument("--tile " + std::to_string(o.tile) + " is larger than the " +
                                std::to_string(spec.max_tile) + " planes a rank transposes on the grid " +
                                std::to_string(spec.pr) + "x" + std::to_string(spec.pc) + " (--size " +
                                extents_text(spec.n) + ")");
  }
  spec.tile = o.tile > 0 ? o.tile : std::max(1, spec.max_tile / 2);  // measured best: docs/apps/fft.md
  spec.window = o.window;
  spec.autotune = o.autotune;
}

}  // namespace

const char* to_string(TransposeMode mode) {
  return mode == TransposeMode::blocking ? "blocking" : "overlap";
}
const char* to_string(ProgressMode mode) {
  return mode == ProgressMode::test ? "test" : "none";
}

double transposed_bytes(const std::array<int, 3>& n, int pr, int pc) {
  return fft_transposed_bytes(n, pr, pc);
}

std::ostream& operator<<(std::ostream& os, const FftOptions& o) {
  os << "  size          " << o.size << '\n';
  os << "  decomposition " << o.decomposition << '\n';
  os << "  grid          " << (o.grid.empty() ? "-" : o.grid) << '\n';
  os << "  transpose     " << o.transpose << '\n';
  os << "  tile          " << o.tile << '\n';
  os << "  window        " << o.window << '\n';
  os << "  progress      " << o.progress << '\n';
  os << "  autotune      " << (o.autotune ? "yes" : "no") << '\n';
  os << "  plan          " << o.plan << '\n';
  os << "  reference     " << o.reference << '\n';
  os << "  iterations    " << o.iterations << '\n';
  os << "  warmup        " << o.warmup << '\n';
  return os;
}

void add_fft_options(CLI::App& cli, FftOptions& o) {
  cli.add_option("--size", o.size, "Global array N0xN1xN2 (or N: a cube) of complex doubles")
      ->capture_default_str();
  cli.add_option("--decomposition", o.decomposition, "slab (grid Px1) | pencil (2D grid)")
      ->capture_default_str();
  cli.add_option("--grid", o.grid, "Pencil process grid PRxPC (default: least transposed volume)");
  cli.add_option("--transpose", o.transpose, "blocking (MPI_Alltoallv) | overlap (pipelined MPI_Ialltoallv)")
      ->capture_default_str();
  cli.add_option("--tile", o.tile, "Planes per MPI_Ialltoallv (0: half of the fewest planes)")
      ->capture_default_str();
  cli.add_option("--window", o.window, "MPI_Ialltoallv outstanding at once")->capture_default_str();
  cli.add_option("--progress", o.progress,
                 "Progression of overlapped transposes: test (MPI_Test after each "
                 "unit of computation) | none")
      ->capture_default_str();
  cli.add_flag("--autotune", o.autotune, "Sweep --tile and --window before the runs, keep the fastest");
  cli.add_option("--plan", o.plan, "FFTW planner: estimate | measure")->capture_default_str();
  cli.add_option("--reference", o.reference,
                 "Blocking iterations timed for the hidden share of an overlapped run (0: none)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  app::add_iteration_options(cli, o.iterations, o.warmup, "Timed forward + backward transforms",
                             "Untimed transforms before the timed loop");
}

FftSpec make_spec(const FftOptions& options, int ranks) {
  FftSpec spec;
  const auto sizes = parse_sizes(options.size, "--size");
  if (sizes.size() != 1 && sizes.size() != 3) {
    throw std::invalid_argument("--size " + options.size + ": expected N or N0xN1xN2");
  }
  for (int d = 0; d < 3; ++d) spec.n[d] = static_cast<int>(sizes.size() == 1 ? sizes[0] : sizes[d]);
  choose_grid(options, ranks, spec);
  // MPI counts and displacements are ints of doubles (two per element): every rank's largest array must
  // stay below 2^30 elements.
  const long double b0 = block_of(spec.n[0], spec.pr, 0).size;
  const long double b1 = std::max(block_of(spec.n[1], spec.pc, 0).size, block_of(spec.n[1], spec.pr, 0).size);
  const long double b2 = block_of(spec.n[2], spec.pc, 0).size;
  const long double largest = std::max({b0 * b1 * spec.n[2], b2 * b0 * spec.n[1], b1 * b2 * spec.n[0]});
  if (2 * largest >= static_cast<long double>(std::numeric_limits<int>::max())) {
    throw std::invalid_argument("--size " + extents_text(spec.n) + " is too large for " +
                                std::to_string(ranks) + " ranks (2^30 elements per rank at most)");
  }
  // Per rank: the layouts x, y, z, the input kept for the check, a send and a receive buffer (complex doubles).
  app::require_memory(6 * 16 * static_cast<double>(largest),
                      "--size " + extents_text(spec.n) + " on " + std::to_string(ranks) + " ranks",
                      "6 arrays of up to " + std::to_string(static_cast<long long>(largest)) + " complex elements");
  choose_pipeline(options, spec);
  spec.reference = options.reference;
  spec.iterations = options.iterations;
  spec.warmup = options.warmup;
  return spec;
}

}  // namespace tamp::fft
