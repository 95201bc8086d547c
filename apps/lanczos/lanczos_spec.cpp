// Parsing and validation of the Lanczos options: every rank reaches the same verdict without communicating.
#include "lanczos_spec.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/app/iteration_options.hpp"
#include "tamp/app/memory.hpp"
#include "tamp/cli/validators.hpp"
#include "tamp/mfdn.hpp"

namespace tamp::lanczos {

std::ostream& operator<<(std::ostream& os, const LanczosOptions& o) {
  return os << "  matrix        " << o.matrix << "\n"
            << "  ordering      " << o.ordering << "\n"
            << "  collectives   " << o.collectives << "\n"
            << "  eigenvalues   " << o.eigenvalues << "\n"
            << "  iterations    " << o.iterations << "\n"
            << "  warmup        " << o.warmup << "\n"
            << "  tolerance     " << o.tolerance << "\n"
            << "  permute-seed  " << o.permute_seed << "\n";
}

void add_lanczos_options(CLI::App& cli, LanczosOptions& o) {
  cli.add_option("--matrix", o.matrix,
                 "laplace:NX[xNY[xNZ]] (Dirichlet Laplacian, known spectrum), random:N[,density=D][,seed=S] "
                 "(CI-like random sparse), mm:PATH (Matrix Market, real symmetric) or shape:N,nonzeros=L (dimension "
                 "and stored lower-triangle non-zeros alone: --engine flow)")
      ->capture_default_str();
  cli.add_option(
         "--ordering", o.ordering,
         "MFDn grid layout and rank order ([Aktulga12] Fig. 4) that --mapping default runs: dm, cm, bdm, "
         "bcm (balanced ones need an odd n_d)")
      ->capture_default_str();
  cli.add_option("--collectives", o.collectives,
                 "the SpMV's broadcasts and reductions in the flow engine: binomial (binomial trees, as the "
                 "simulated runs pin them) or mpich (MPICH's long-message algorithms: scatter + ring allgather, "
                 "reduce-scatter + gather); real and SimGrid runs use their MPI library's")
      ->capture_default_str();
  cli.add_option("--eigenvalues", o.eigenvalues, "lowest eigenvalues to converge and check (k)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  app::add_iteration_options(cli, o.iterations, o.warmup, "timed Lanczos steps",
                             "untimed Lanczos steps before the timed ones", 100000);
  cli.add_option("--tolerance", o.tolerance, "convergence: residual bound <= tolerance * ||T||")
      ->capture_default_str()
      ->check(tamp::cli::finite_number())
      ->check(CLI::PositiveNumber);
  cli.add_option("--permute-seed", o.permute_seed,
                 "seed of the symmetric permutation that spreads the non-zeros over the grid (0: none)")
      ->check(tamp::cli::unsigned_integer())
      ->capture_default_str();
}

namespace {

// What one rank holds: the row permutation of the whole matrix (8 bytes a row, on every rank), its pieces of
// the steps + 1 Lanczos vectors and of a few work vectors (n / n_d rows each), and its block of the lower
// triangle (a column index and a value per non-zero, twice while it is built).
void check_memory(const LanczosOptions& o, const LanczosSpec& spec) {
  const double n = static_cast<double>(spec.matrix.n), segment = n / spec.nd;
  const double tasks = spec.nd * (spec.nd + 1) / 2.0;
  const double block = 2 * 16.0 * (nonzeros_estimate(spec.matrix) + 1) / 2 * n / tasks;
  app::require_memory(
      8 * n + 8 * segment * (spec.steps() + 1 + 6) + block,
      fmt::format("--matrix {} with --warmup {} --iterations {}", o.matrix, o.warmup, o.iterations),
      fmt::format("dimension {:.4g}, n_d = {}", n, spec.nd));
}

}  // namespace

LanczosSpec make_spec(const LanczosOptions& o, int ranks, bool computes) {
  LanczosSpec spec;
  spec.nd = triangular_side(ranks);
  spec.ordering = parse_mfdn_ordering(o.ordering);
  const bool balanced = spec.ordering == MfdnOrdering::bdm || spec.ordering == MfdnOrdering::bcm;
  if (balanced && spec.nd % 2 == 0) {
    throw std::invalid_argument("--ordering " + o.ordering + " needs an odd n_d; " + std::to_string(ranks) +
                                " ranks give n_d = " + std::to_string(spec.nd) +
                                " (use 1, 6, 15, 28, ... ranks)");
  }
  spec.collectives = parse_mfdn_collectives(o.collectives);
  if (spec.collectives != MfdnCollectives::binomial && computes)
    throw std::invalid_argument("--collectives " + o.collectives +
                                " is a model of the flow engine (--engine flow): real and SimGrid runs use their "
                                "MPI library's algorithms");
  spec.matrix = parse_matrix_spec(o.matrix);
  if (!spec.matrix.has_entries() && computes)
    throw std::invalid_argument("--matrix " + o.matrix +
                                " has no entries to compute on: it runs under --engine flow only");
  spec.eigenvalues = o.eigenvalues;
  spec.iterations = o.iterations;
  spec.warmup = o.warmup;
  spec.tolerance = o.tolerance;
  spec.permute_seed = o.permute_seed;
  const long long n = spec.matrix.n;
  if (n < spec.nd) {
    throw std::invalid_argument("--matrix " + o.matrix + " has dimension " + std::to_string(n) +
                                ", fewer rows than the n_d = " + std::to_string(spec.nd) + " grid segments");
  }
  if (spec.steps() + 1 > n) {
    throw std::invalid_argument("--warmup " + std::to_string(o.warmup) + " + --iterations " +
                                std::to_string(o.iterations) + " make " + std::to_string(spec.steps() + 1) +
                                " Lanczos vectors, more than the dimension " + std::to_string(n));
  }
  if (spec.eigenvalues > spec.steps() + 1) {
    throw std::invalid_argument("--eigenvalues " + std::to_string(o.eigenvalues) + " exceeds the " +
                                std::to_string(spec.steps() + 1) + " Lanczos vectors of the run");
  }
  if (spec.matrix.has_entries()) check_memory(o, spec);  // a shape: matrix is never built
  return spec;
}

}  // namespace tamp::lanczos
