// The Lanczos tridiagonal eigenproblem, solved by LAPACK's dstevr (Debian's liblapack) every step.
#pragma once
#include <vector>

namespace tamp::lanczos {

struct RitzValues {
  std::vector<double> values;     // the lowest k eigenvalues of T, ascending
  std::vector<double> vectors;    // their eigenvectors, column-major, m x k
  std::vector<double> residuals;  // Lanczos residual bounds |beta_m * last component|
};

/// Lowest `k` eigenpairs of the m x m tridiagonal T (diagonal `alpha`, off-diagonal `beta`, beta.size() >=
/// m-1), with residual bounds |next_beta * s_m|. Throws std::runtime_error when LAPACK reports a failure.
RitzValues lowest_ritz(const std::vector<double>& alpha, const std::vector<double>& beta, double next_beta,
                       int k);

}  // namespace tamp::lanczos
