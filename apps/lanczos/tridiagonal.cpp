// dstevr through its Fortran interface (no LAPACKE needed).
#include "tridiagonal.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

extern "C" void dstevr_(const char* jobz, const char* range, const int* n, double* d, double* e,
                        const double* vl, const double* vu, const int* il, const int* iu,
                        const double* abstol, int* m, double* w, double* z, const int* ldz, int* isuppz,
                        double* work, const int* lwork, int* iwork, const int* liwork, int* info);

namespace tamp::lanczos {

RitzValues lowest_ritz(const std::vector<double>& alpha, const std::vector<double>& beta, double next_beta,
                       int k) {
  const int n = static_cast<int>(alpha.size());
  k = std::min(k, n);
  std::vector<double> d(alpha);
  std::vector<double> e(static_cast<std::size_t>(std::max(n, 1)), 0.0);
  std::copy(beta.begin(), beta.begin() + std::max(n - 1, 0), e.begin());
  const double unused = 0.0;
  const int il = 1;
  const int iu = k;
  const double abstol = 0.0;  // dstevr uses the dqds / MRRR accuracy
  int found = 0;
  RitzValues r;
  std::vector<double> w(static_cast<std::size_t>(n));
  r.vectors.assign(static_cast<std::size_t>(n) * k, 0.0);
  std::vector<int> isuppz(2 * static_cast<std::size_t>(std::max(k, 1)));
  const int lwork = 20 * std::max(n, 1);
  const int liwork = 10 * std::max(n, 1);
  std::vector<double> work(static_cast<std::size_t>(lwork));
  std::vector<int> iwork(static_cast<std::size_t>(liwork));
  int info = 0;
  const int ldz = std::max(n, 1);
  dstevr_("V", "I", &n, d.data(), e.data(), &unused, &unused, &il, &iu, &abstol, &found, w.data(),
          r.vectors.data(), &ldz, isuppz.data(), work.data(), &lwork, iwork.data(), &liwork, &info);
  if (info != 0 || found != k)
    throw std::runtime_error("LAPACK dstevr failed on the " + std::to_string(n) + " x " + std::to_string(n) +
                             " tridiagonal matrix (info " + std::to_string(info) + ")");
  r.values.assign(w.begin(), w.begin() + k);
  for (int i = 0; i < k; ++i)
    r.residuals.push_back(std::abs(next_beta * r.vectors[static_cast<std::size_t>(i) * n + (n - 1)]));
  return r;
}

}  // namespace tamp::lanczos
