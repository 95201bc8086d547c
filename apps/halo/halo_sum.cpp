// The grid sums (halo_sum.hpp), in the kernels library: built for the machine's vectors.
#include "halo_sum.hpp"

namespace tamp::halo {
namespace {

double row_sum(const double* row, int n) {
  double part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int i = 0;
  for (; i + 8 <= n; i += 8)
    for (int l = 0; l < 8; ++l) part[l] += row[i + l];
  double sum = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
  for (; i < n; ++i) sum += row[i];
  return sum;
}

}  // namespace

double grid_sum(const BlockLayout& layout, const double* grid) {
  double sum = 0.0;
  for (int k = 1; k <= layout.n[2]; ++k)
    for (int j = 1; j <= layout.n[1]; ++j) sum += row_sum(grid + layout.index(1, j, k), layout.n[0]);
  return sum;
}

double grid_sum_minighost(const BlockLayout& layout, const double* grid) {
  double sum = 0.0;
  for (int k = 1; k <= layout.n[2]; ++k)
    for (int j = 1; j <= layout.n[1]; ++j) {
      const double* row = grid + layout.index(1, j, k);
      for (int i = 0; i < layout.n[0]; ++i) sum += row[i];
    }
  return sum;
}

}  // namespace tamp::halo
