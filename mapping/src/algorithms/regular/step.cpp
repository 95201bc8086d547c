// `step`: a step embedding of a grid into a grid of another aspect ratio ([Bhatele10] §9.1, Heuristic 6,
// after Aleliunas & Rosenberg, IEEE Trans. Comput. 31(9), 1982). The seed gives no construction [GAP]; this
// one keeps what the thesis describes (rows of the object grid mapped one by one, Fig. 9.4) and the property
// the step embeddings are known for, dilation about the compression ratio:
//   - the longer sides are aligned; a grid that then fits is placed as is (extra processors stay free);
//   - otherwise one side of the grid (dc) is longer than the processors' (pc) and the other (de) shorter
//     than its (pe). The grid is cut into pc bands, one per processor line, of ceil(dc*de/pc) objects each,
//     taken in the grid's line order; each column of the grid gives every band an even share (Bresenham), so
//     the cuts between bands are steps running across the grid rather than straight lines;
//   - a band is laid along its processor line column by column, a column's objects side by side, in line
//     order on even bands and reversed on odd ones, so that a column leaves one band and enters the next at
//     the same end.
// Objects along a line land about dc/pc apart, objects along a column next to each other. O(objects).
#include <algorithm>
#include <string>

#include "algorithms/regular/regular_embeddings.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {

std::vector<int> step_cells(int ox, int oy, int px, int py) {
  require(ox >= 1 && oy >= 1 && px >= 1 && py >= 1, "step: grid sides must be positive");
  require(static_cast<long long>(ox) * oy <= static_cast<long long>(px) * py,
          "step: " + std::to_string(ox) + "x" + std::to_string(oy) + " objects do not fit " +
              std::to_string(px) + "x" + std::to_string(py) + " processors");
  // The frame: object (a, b) with a along processor x and b along processor y (the grid transposed if
  // needed).
  const bool transpose = (ox > oy && px < py) || (ox < oy && px > py);
  const int a_side = transpose ? oy : ox, b_side = transpose ? ox : oy;
  std::vector<int> cell(static_cast<size_t>(ox) * oy);
  auto put = [&](int a, int b, int x, int y) {
    const int gx = transpose ? b : a, gy = transpose ? a : b;
    cell[gx + static_cast<size_t>(ox) * gy] = x + px * y;
  };
  if (a_side <= px && b_side <= py) {
    for (int b = 0; b < b_side; ++b)
      for (int a = 0; a < a_side; ++a) put(a, b, a, b);
    return cell;
  }
  // dc: the side compressed into pc processor lines (the bands); de: the side laid along the lines.
  const bool compress_b = b_side > py;
  const int dc = compress_b ? b_side : a_side, de = compress_b ? a_side : b_side, pc = compress_b ? py : px;
  const long long total = static_cast<long long>(dc) * de,
                  band = (total + pc - 1) / pc;  // band <= line length
  // Objects of column c among the first t of the grid when every column gets an even share of them. Monotone
  // in t for steps of at least de, which band >= dc*de/pc > de guarantees.
  auto share = [de](long long t, int c) { return static_cast<int>(t * (c + 1) / de - t * c / de); };
  for (int line = 0; line < pc && line * band < total; ++line) {
    const long long t0 = line * band, t1 = std::min(total, t0 + band);
    int e = 0;
    for (int c = 0; c < de; ++c) {
      const int lo = share(t0, c), hi = share(t1, c);
      for (int k = 0; k < hi - lo; ++k, ++e) {
        const int r = line % 2 == 0 ? lo + k : hi - 1 - k;
        if (compress_b)
          put(c, r, e, line);
        else
          put(r, c, line, e);
      }
    }
  }
  return cell;
}

namespace {

std::vector<int> place_step(int ox, int oy, const std::vector<int>& box) {
  return step_cells(ox, oy, box[0], box[1]);
}

}  // namespace

Mapping step_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_on_node_box(groups, nodes, options, 2, place_step, "step");
}

}  // namespace tamp::impl
