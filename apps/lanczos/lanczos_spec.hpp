// The Lanczos problem: command-line options and the validated problem they describe.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

#include "matrix_source.hpp"
#include "tamp/generators.hpp"
#include "tamp/mfdn.hpp"

namespace CLI {
class App;
}

namespace tamp::lanczos {

/// What the command line says, before validation.
struct LanczosOptions {
  std::string matrix = "laplace:20x16x12";  // laplace:NX[xNY[xNZ]] | random:N[,density=D][,seed=S] | mm:PATH
  std::string ordering = "dm";              // dm | cm | bdm | bcm: grid layout and rank order of `default`
  std::string collectives = "binomial";     // binomial | mpich: the SpMV's collectives in the flow engine
  int eigenvalues = 4;                      // k: the lowest k are converged and checked
  int iterations = 200;                     // timed Lanczos steps
  int warmup = 1;                           // untimed Lanczos steps before them
  double tolerance = 1e-8;                  // convergence: residual bound <= tolerance * ||T||
  std::uint64_t permute_seed = 1;           // symmetric permutation of rows and columns; 0: none
};
std::ostream& operator<<(std::ostream& os, const LanczosOptions& options);
void add_lanczos_options(CLI::App& cli, LanczosOptions& options);

/// A validated problem.
struct LanczosSpec {
  MatrixSpec matrix;
  MfdnOrdering ordering = MfdnOrdering::dm;
  MfdnCollectives collectives = MfdnCollectives::binomial;
  int nd = 1;  // diagonal processors; ranks = nd(nd+1)/2
  int eigenvalues = 4;
  int iterations = 200;
  int warmup = 1;
  double tolerance = 1e-8;
  std::uint64_t permute_seed = 1;

  int steps() const { return warmup + iterations; }  // Lanczos vectors made after v0
};

/// Checks the options against the rank count (a triangular number) and the matrix (reads a Matrix Market
/// header); a shape: matrix only where nothing is computed (`computes` false: the flow engine, or a run that
/// only answers its task graph). Throws std::invalid_argument / tamp::ParseError with a one-line message.
LanczosSpec make_spec(const LanczosOptions& options, int ranks, bool computes = true);

}  // namespace tamp::lanczos
