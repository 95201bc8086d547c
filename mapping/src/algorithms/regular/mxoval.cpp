// `mxoval`: Maximum Overlap with Alignment (MXOV+AL, [Bhatele10] §9.1, Heuristic 2). The recursion of MXOVLP
// (mxovlp.cpp), but at every call, the first included, the rest of the object grid is transposed when its
// longer side lies across the longer side of the processors left, so the largest possible block overlaps each
// time. [Bhatele10] Fig. 9.7: usually the best of the 2D heuristics.
#include "algorithms/regular/regular_embeddings.hpp"

namespace tamp::impl {
namespace {

std::vector<int> place_mxoval(int ox, int oy, const std::vector<int>& box) {
  return max_overlap_cells(ox, oy, box[0], box[1], true);
}

}  // namespace

Mapping mxoval_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_on_node_box(groups, nodes, options, 2, place_mxoval, "mxoval");
}

}  // namespace tamp::impl
