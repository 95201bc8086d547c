// SHIFT_TORUS of [Deveci14] §IV-C (Fig. 3): MJ knows nothing of wrap-around links, so each wrapping dimension
// is cut open at its largest empty gap instead of at coordinate 0. The gap search is a counting pass,
// O(points + length). Tie rules follow Zoltan2's shiftMachineCoordinates, the paper's own implementation.
#include <limits>

#include "algorithms/geometric/geometric.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {

std::vector<int> shift_torus(PointSet& points, const std::vector<int>& weight, const std::vector<int>& length,
                             const std::vector<bool>& wrap) {
  const int n = points.size();
  require(static_cast<int>(weight.size()) == n, "shift_torus: one weight per point");
  require(static_cast<int>(length.size()) == points.dim && static_cast<int>(wrap.size()) == points.dim,
          "shift_torus: one length and one wrap flag per dimension");
  std::vector<int> border(points.dim, -1);
  for (int d = 0; d < points.dim; ++d) {
    if (!wrap[d] || n == 0) continue;
    const int L = length[d];
    std::vector<long> count(L, 0);
    for (int i = 0; i < n; ++i) {
      const double c = points.at(i, d);
      require(c >= 0 && c < L && c == static_cast<int>(c), "shift_torus: coordinate outside the torus");
      count[static_cast<int>(c)] += weight[i];
    }
    std::vector<int> filled;
    for (int c = 0; c < L; ++c)
      if (count[c] > 0) filled.push_back(c);
    if (filled.size() < 2) continue;
    const int first = filled.front(), last = filled.back();
    const int wrap_gap = L - last + first;
    const long wrap_weight = count[last] + count[first];
    int best_gap = 0, best_border = -1;
    long best_weight = std::numeric_limits<long>::max();
    for (size_t j = 1; j < filled.size(); ++j) {
      const int gap = filled[j] - filled[j - 1];
      const long w = count[filled[j]] + count[filled[j - 1]];
      if (gap > best_gap || (gap == best_gap && w < best_weight))
        best_gap = gap, best_weight = w, best_border = filled[j];
    }
    const bool beats_wrap = best_gap > wrap_gap || (best_gap == wrap_gap && best_weight < wrap_weight);
    if (best_gap <= 1 || !beats_wrap) continue;
    border[d] = best_border;
    for (int i = 0; i < n; ++i) {
      double& c = points.coords[static_cast<size_t>(i) * points.dim + d];
      if (c < best_border) c += L;
    }
  }
  return border;
}

}  // namespace tamp::impl
