// Parsing and validation of the stencil options: every rank reaches the same verdict without communicating.
#include "stencil_spec.hpp"

#include <CLI/CLI.hpp>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "tamp/app/extents.hpp"
#include "tamp/app/iteration_options.hpp"
#include "tamp/app/memory.hpp"
#include "tamp/process_grid.hpp"
#include "tamp/text.hpp"

namespace tamp::stencil {
namespace {

int dims_of_points(int points) {
  return points == 5 || points == 9 ? 2 : 3;
}

// "NXxNY[xNZ]" with exactly `dims` positive sizes.
std::vector<long long> parse_extents(const std::string& text, int dims, const std::string& option) {
  const std::vector<long long> sizes = app::parse_extents(text, option, "64x64 or 32x32x32");
  if (static_cast<int>(sizes.size()) != dims) {
    throw std::invalid_argument(option + " " + text + " has " + std::to_string(sizes.size()) + " sizes, a " +
                                std::to_string(dims) + "D stencil needs " + std::to_string(dims));
  }
  return sizes;
}

void choose_stencil(const StencilOptions& o, StencilSpec& spec) {
  if (o.stencil && o.points && o.stencil != o.points) {
    throw std::invalid_argument("--stencil " + std::to_string(o.stencil) + " and --points " +
                                std::to_string(o.points) + " disagree");
  }
  const int points = o.stencil ? o.stencil : o.points;
  if (points) {
    spec.points = points;
    spec.dims = dims_of_points(points);
    if (o.dims && o.dims != spec.dims) {
      throw std::invalid_argument("a " + std::to_string(points) + "-point stencil is " +
                                  std::to_string(spec.dims) + "D, not " + std::to_string(o.dims) +
                                  "D (2D: 5 or 9 points; 3D: 7 or 27)");
    }
  } else if (o.dims) {
    spec.dims = o.dims;
    spec.points = o.dims == 2 ? 5 : 7;
  }
}

void choose_grid(const StencilOptions& o, int ranks, StencilSpec& spec) {
  const int D = spec.dims;
  if (!o.procs.empty()) {
    const auto p = parse_extents(o.procs, D, "--procs");
    long long product = 1;
    for (int d = 0; d < D; ++d) product *= p[d];
    if (product != ranks) {
      throw std::invalid_argument("--procs " + o.procs + " is a grid of " + std::to_string(product) +
                                  " ranks, the job has " + std::to_string(ranks));
    }
    for (int d = 0; d < D; ++d) spec.procs[d] = static_cast<int>(p[d]);
  } else {
    const std::vector<int> p = process_grid(ranks, D);  // MPI_Dims_create's grid, as `tamp-map grids` answers
    for (int d = 0; d < D; ++d) spec.procs[d] = p[static_cast<std::size_t>(d)];
  }

  if (!o.global.empty()) {
    const auto g = parse_extents(o.global, D, "--global");
    for (int d = 0; d < D; ++d) {
      if (g[d] % spec.procs[d] != 0) {
        throw std::invalid_argument("--global " + o.global + " does not divide by the process grid " +
                                    extents_text(spec.procs, D) + " (dimension " + std::to_string(d) + ": " +
                                    std::to_string(g[d]) + " cells on " + std::to_string(spec.procs[d]) +
                                    " ranks); choose --procs or another size");
      }
      spec.local[d] = static_cast<int>(g[d] / spec.procs[d]);
    }
  } else {
    const std::string text = o.local.empty() ? (D == 2 ? "64x64" : "32x32x32") : o.local;
    const auto l = parse_extents(text, D, "--local");
    for (int d = 0; d < D; ++d) spec.local[d] = static_cast<int>(l[d]);
  }
  // Each rank stores two fields with a halo: keep the count of one block far from overflow.
  long double cells = 1;
  for (int d = 0; d < D; ++d) cells *= spec.local[d] + 2.0L;
  if (cells > static_cast<long double>(std::numeric_limits<std::int32_t>::max())) {
    throw std::invalid_argument("the local block " + extents_text(spec.local, D) +
                                " is too large for one rank");
  }
  // Two fields of the block with its halo, per rank, against the node's memory (before anything is built).
  app::require_memory(16.0 * static_cast<double>(cells),
                      o.global.empty() ? "--local " + extents_text(spec.local, D)
                                       : "--global " + o.global + " on " + extents_text(spec.procs, D) + " ranks",
                      "two fields of " + extents_text(spec.local, D) + " cells and their halo");
  for (int d = 0; d < 3; ++d) spec.global[d] = static_cast<std::int64_t>(spec.local[d]) * spec.procs[d];
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const StencilOptions& o) {
  os << "  stencil    " << o.stencil << '\n';
  os << "  dims       " << o.dims << '\n';
  os << "  points     " << o.points << '\n';
  os << "  local      " << (o.local.empty() ? "-" : o.local) << '\n';
  os << "  global     " << (o.global.empty() ? "-" : o.global) << '\n';
  os << "  procs      " << (o.procs.empty() ? "-" : o.procs) << '\n';
  os << "  periodic   " << (o.periodic ? "yes" : "no") << '\n';
  os << "  overlap    " << (o.no_overlap ? "no" : "yes") << '\n';
  os << "  iterations " << o.iterations << '\n';
  os << "  warmup     " << o.warmup << '\n';
  return os;
}

void add_stencil_options(CLI::App& cli, StencilOptions& o) {
  cli.add_option("--stencil", o.stencil, "Stencil: 5 or 9 points (2D), 7 or 27 points (3D) [default: 7]")
      ->check(CLI::IsMember({5, 9, 7, 27}));
  cli.add_option("--dims", o.dims, "Dimensions (with --points, instead of --stencil)")
      ->check(CLI::IsMember({2, 3}));
  cli.add_option("--points", o.points, "Stencil points (with --dims)")->check(CLI::IsMember({5, 9, 7, 27}));
  auto* local =
      cli.add_option("--local", o.local, "Cells per rank NX[xNY[xNZ]] (weak scaling) [64x64 / 32x32x32]");
  auto* global = cli.add_option("--global", o.global, "Cells in all NX[xNY[xNZ]] (strong scaling)");
  local->excludes(global);
  cli.add_option("--procs", o.procs, "Process grid PXxPY[xPZ] (default: MPI_Dims_create's, tamp-map grids)");
  cli.add_flag("--periodic", o.periodic, "Periodic boundaries (default: cells outside the grid hold 0)");
  cli.add_flag("--no-overlap", o.no_overlap,
               "Exchange the halo, then sweep every cell (default: sweep the interior while the halo travels)");
  app::add_iteration_options(cli, o.iterations, o.warmup, "Timed iterations",
                             "Untimed iterations before the timed loop");
}

StencilSpec make_spec(const StencilOptions& options, int ranks) {
  StencilSpec spec;
  choose_stencil(options, spec);
  choose_grid(options, ranks, spec);
  spec.periodic = options.periodic;
  spec.overlap = !options.no_overlap;
  spec.iterations = options.iterations;
  spec.warmup = options.warmup;
  return spec;
}

}  // namespace tamp::stencil
