// The MFDn rank orderings DM, CM, BDM and BCM, exactly as the digest of [Aktulga12] §4 states them (0-based).
#include <stdexcept>
#include <string>

#include "tamp/mfdn.hpp"

namespace tamp {

MfdnOrdering parse_mfdn_ordering(std::string_view name) {
  if (name == "dm") return MfdnOrdering::dm;
  if (name == "cm") return MfdnOrdering::cm;
  if (name == "bdm") return MfdnOrdering::bdm;
  if (name == "bcm") return MfdnOrdering::bcm;
  throw std::invalid_argument("unknown MFDn ordering '" + std::string(name) +
                              "' (expected dm, cm, bdm or bcm)");
}

std::string_view to_string(MfdnOrdering ordering) {
  switch (ordering) {
    case MfdnOrdering::dm:
      return "dm";
    case MfdnOrdering::cm:
      return "cm";
    case MfdnOrdering::bdm:
      return "bdm";
    case MfdnOrdering::bcm:
      return "bcm";
  }
  return "?";
}

std::vector<std::array<int, 2>> mfdn_grid_positions(int nd, MfdnOrdering ordering) {
  if (nd < 1 || nd > 65535)
    throw std::invalid_argument("mfdn: grid size nd = " + std::to_string(nd) + " is outside [1, 65535]");
  const bool balanced = ordering == MfdnOrdering::bdm || ordering == MfdnOrdering::bcm;
  if (balanced && nd % 2 == 0)
    throw std::invalid_argument("mfdn: the balanced ordering " + std::string(to_string(ordering)) +
                                " needs an odd nd, not " + std::to_string(nd));
  const int h = (nd + 1) / 2;
  std::vector<std::array<int, 2>> pos;
  pos.reserve(static_cast<std::size_t>(nd) * (nd + 1) / 2);
  switch (ordering) {
    case MfdnOrdering::dm:
      for (int d = 0; d < nd; ++d)
        for (int j = 0; j < nd - d; ++j) pos.push_back({j + d, j});
      break;
    case MfdnOrdering::cm:
      for (int j = 0; j < nd; ++j)
        for (int i = j; i < nd; ++i) pos.push_back({i, j});
      break;
    case MfdnOrdering::bcm:
      for (int j = 0; j < nd; ++j)
        for (int k = 0; k < h; ++k) pos.push_back({(j + k) % nd, j});
      break;
    case MfdnOrdering::bdm: {
      // DM's traversal; a block goes to the transposed position once its row or column is full.
      std::vector<int> row(nd, 0), col(nd, 0);
      for (int d = 0; d < nd; ++d)
        for (int j = 0; j < nd - d; ++j) {
          int r = j + d, c = j;
          if (r != c && (row[r] >= h || col[c] >= h)) std::swap(r, c);
          if (row[r] >= h ||
              col[c] >= h)  // both places full: the greedy rule has no answer (not seen for odd nd)
            throw std::runtime_error("mfdn: BDM cannot place block (" + std::to_string(j + d) + "," +
                                     std::to_string(j) + ") for nd = " + std::to_string(nd));
          ++row[r];
          ++col[c];
          pos.push_back({r, c});
        }
      break;
    }
  }
  return pos;
}

int triangular_side(int ranks) {
  long long nd = 1;
  while (nd * (nd + 1) / 2 < ranks) ++nd;
  if (nd * (nd + 1) / 2 == ranks) return static_cast<int>(nd);
  throw std::invalid_argument(std::to_string(ranks) +
                              " ranks do not form a triangular processor grid: n_p = n_d(n_d+1)/2 ranks "
                              "are needed (e.g. " +
                              std::to_string((nd - 1) * nd / 2) + " or " + std::to_string(nd * (nd + 1) / 2) +
                              ")");
}

}  // namespace tamp
