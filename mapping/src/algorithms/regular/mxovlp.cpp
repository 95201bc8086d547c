// `mxovlp`: the Maximum Overlap heuristic ([Bhatele10] §9.1, Alg. 9.1). Map the largest part of the object
// grid that overlaps the processor mesh one-to-one, then recurse on what is left of both:
//   Ox > Px: objects [0,Px) x [0,Oy) -> processors [0,Px) x [0,Oy);  recurse (Ox-Px, Oy) onto (Px, Py-Oy)
//   Ox < Px: objects [0,Ox) x [0,Py) -> processors [0,Ox) x [0,Py);  recurse (Ox, Oy-Py) onto (Px-Ox, Py)
// e.g. 9x8 onto 6x12: a 6x8 block, then 3x8 onto 6x4 (Fig. 9.1). The recursion is a loop over shrinking
// rectangles, O(objects). MXOV+AL (mxoval.cpp) is the same loop with the realignment switched on.
#include <string>

#include "algorithms/regular/regular_embeddings.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {

std::vector<OverlapPiece> max_overlap_pieces(int ox, int oy, int px, int py, bool realign) {
  require(ox >= 1 && oy >= 1 && px >= 1 && py >= 1, "max overlap: grid sides must be positive");
  require(static_cast<long long>(ox) * oy <= static_cast<long long>(px) * py,
          "max overlap: " + std::to_string(ox) + "x" + std::to_string(oy) + " objects do not fit " +
              std::to_string(px) + "x" + std::to_string(py) + " processors");
  // The objects left form the rectangle `obj` of the original grid; seen through the current frame
  // (transposed or not) they are oa x ob, and the processors left are pa x pb from (x0, y0).
  // Invariant: oa * ob <= pa * pb.
  std::vector<OverlapPiece> pieces;
  Rect obj{0, 0, ox, oy};
  bool transposed = false;
  int x0 = 0, y0 = 0, pa = px, pb = py;
  while (true) {
    int oa = transposed ? obj.h : obj.w, ob = transposed ? obj.w : obj.h;
    if (realign && ((oa > ob && pa < pb) || (oa < ob && pa > pb))) {
      transposed = !transposed;
      std::swap(oa, ob);
    }
    // The part taken now, ta x tb in the frame; the objects left stay a rectangle of the original grid.
    int ta = oa, tb = ob;
    const bool fits = oa <= pa && ob <= pb;
    if (!fits && oa > pa) ta = pa;  // then ob < pb (area)
    if (!fits && oa < pa) tb = pb;  // then ob > pb (area)
    Rect taken = obj;
    (transposed ? taken.h : taken.w) = ta;
    (transposed ? taken.w : taken.h) = tb;
    pieces.push_back({taken, x0, y0, transposed});
    if (fits) return pieces;
    if (oa > pa) {  // the rest: objects beyond pa along a, onto processors beyond ob along b
      (transposed ? obj.y0 : obj.x0) += pa;
      (transposed ? obj.h : obj.w) -= pa;
      y0 += ob;
      pb -= ob;
    } else {  // oa < pa: objects beyond pb along b, onto processors beyond oa along a
      (transposed ? obj.x0 : obj.y0) += pb;
      (transposed ? obj.w : obj.h) -= pb;
      x0 += oa;
      pa -= oa;
    }
  }
}

std::vector<int> max_overlap_cells(int ox, int oy, int px, int py, bool realign) {
  std::vector<int> cell(static_cast<size_t>(ox) * oy);
  for (const OverlapPiece& p : max_overlap_pieces(ox, oy, px, py, realign)) {
    for (int j = 0; j < p.objects.h; ++j)
      for (int i = 0; i < p.objects.w; ++i) {
        const int x = p.transposed ? p.px0 + j : p.px0 + i, y = p.transposed ? p.py0 + i : p.py0 + j;
        cell[(p.objects.x0 + i) + static_cast<size_t>(ox) * (p.objects.y0 + j)] = x + px * y;
      }
  }
  return cell;
}

namespace {

std::vector<int> place_mxovlp(int ox, int oy, const std::vector<int>& box) {
  return max_overlap_cells(ox, oy, box[0], box[1], false);
}

}  // namespace

Mapping mxovlp_nodes(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options) {
  return map_on_node_box(groups, nodes, options, 2, place_mxovlp, "mxovlp");
}

}  // namespace tamp::impl
