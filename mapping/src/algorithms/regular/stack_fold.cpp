// `stack` and `fold`: a 2D grid onto a 3D box ([Bhatele10] §9.2, Heuristics 1 and 2). The longer side of the
// grid is cut into k pieces, k = the smallest dimension of the box; piece 0 is placed on the plane across
// that dimension by MXOV+AL (the 2D heuristic that is usually best, Fig. 9.7) and piece j goes to plane j
// with the same picture:
//   stack: translated, so neighbours across a cut are a plane apart plus the width of the picture;
//   fold:  every other piece mirrored along the cut (the accordion: a 180-degree turn about the fold
//          line), so the last line of piece j and the first of piece j+1 fall on the same cell of
//          neighbouring planes.
// Example 32x8 onto 8x8x4: four 8x8 pieces; folded, every neighbour is one hop away. When the side does not
// divide, the first pieces are one longer; a shorter piece uses part of piece 0's picture. On multi-core
// nodes the registry tries several block shapes (two_level_tilings): the thesis folds ranks onto cores, and
// a line of ranks per node is its processor mesh with the core index merged into a machine dimension.
#include <algorithm>
#include <string>

#include "algorithms/regular/regular_embeddings.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {

std::vector<int> stack_cells(int ox, int oy, const std::vector<int>& box, bool fold) {
  const std::string name = fold ? "fold" : "stack";
  require(box.size() == 3, name + ": needs a 3D box of processors");
  const int across = static_cast<int>(std::min_element(box.begin(), box.end()) - box.begin());
  const int u = across == 0 ? 1 : 0, v = across == 2 ? 1 : 2;  // the plane's dimensions, in order
  const bool split_x = ox >= oy;
  const int length = split_x ? ox : oy;
  const int pieces = std::min(box[across], length), longest = (length + pieces - 1) / pieces;
  const int qx = split_x ? longest : ox, qy = split_x ? oy : longest;
  require(static_cast<long long>(qx) * qy <= static_cast<long long>(box[u]) * box[v],
          name + ": a " + std::to_string(qx) + "x" + std::to_string(qy) + " piece of the " +
              std::to_string(ox) + "x" + std::to_string(oy) + " grid does not fit a " +
              std::to_string(box[u]) + "x" + std::to_string(box[v]) + " plane");
  const std::vector<int> plane = max_overlap_cells(qx, qy, box[u], box[v], true);
  // Piece and coordinate in piece 0's picture of every position along the cut side.
  std::vector<int> piece_of(length), local_of(length);
  for (int j = 0, s = 0; j < pieces; ++j) {
    const int size = length / pieces + (j < length % pieces ? 1 : 0);
    for (int i = 0; i < size; ++i, ++s) piece_of[s] = j, local_of[s] = fold && j % 2 == 1 ? size - 1 - i : i;
  }
  std::vector<int> cell(static_cast<size_t>(ox) * oy);
  std::vector<int> c(3);
  for (int y = 0; y < oy; ++y)
    for (int x = 0; x < ox; ++x) {
      const int s = split_x ? x : y, local = local_of[s];
      const int p = plane[split_x ? local + qx * y : x + qx * local];
      c[u] = p % box[u], c[v] = p / box[u], c[across] = piece_of[s];
      cell[x + static_cast<size_t>(ox) * y] = c[0] + box[0] * (c[1] + box[1] * c[2]);
    }
  return cell;
}

namespace {

std::vector<int> place_stack(int ox, int oy, const std::vector<int>& box) {
  return stack_cells(ox, oy, box, false);
}
std::vector<int> place_fold(int ox, int oy, const std::vector<int>& box) {
  return stack_cells(ox, oy, box, true);
}

}  // namespace

Mapping stack_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_on_node_box(groups, nodes, options, 3, place_stack, "stack");
}

Mapping fold_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_on_node_box(groups, nodes, options, 3, place_fold, "fold");
}

}  // namespace tamp::impl
