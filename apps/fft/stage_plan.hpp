// The layouts of a rank (r, c) on the pr x pc grid and its four transposes between them:
//   X [n0(r over pr)][n1(c over pc)][N2]  input and output of the transform (natural order)
//   Y [N1][n0(r over pr)][n2(c over pc)]  between the two transposes; a slab (pc = 1) keeps X's order
//   Z [N0][n1(r over pr)][n2(c over pc)]  the forward result, natural order; a 1 x pc grid keeps Y's order
// (Y and Z with a small pad after each outermost slice: slice_pad)
// Dimension 2 stays innermost everywhere, so every copy moves rows of n2 elements, and each blocking
// transpose copies each element once (Stage). Where a communicator has one rank and the order does not
// change, the transpose is the identity and the two layouts share one array.
// Forward: FFT N2, rows X->Y; FFT N1, columns Y->Z; FFT N0. Backward: FFT N0, columns Z->Y; FFT N1, rows
// Y->X; FFT N2 (scaled by 1/N).
#pragma once
#include "distribution.hpp"
#include "fft_spec.hpp"
#include "layout.hpp"
#include "stage.hpp"

namespace tamp::fft {

struct Layouts {
  Layout x, y, z;
};

inline Layouts layouts(const FftSpec& spec, int r, int c) {
  const std::int64_t n0 = block_of(spec.n[0], spec.pr, r).size, n1x = block_of(spec.n[1], spec.pc, c).size;
  const std::int64_t n1z = block_of(spec.n[1], spec.pr, r).size, n2 = block_of(spec.n[2], spec.pc, c).size;
  Layouts l;
  l.x = {{0, 1, 2}, {n0, n1x, spec.n[2]}};
  l.y = {spec.pc == 1 ? Order{0, 1, 2} : Order{1, 0, 2}, {n0, spec.n[1], n2}};
  l.z = {spec.pr == 1 ? l.y.order : Order{0, 1, 2}, {spec.n[0], n1z, n2}};
  // Y and Z are transformed along their outermost dimension (strided): padded slices (X stays as given; a
  // slab's Y is X, a 1 x pc grid's Z is Y).
  l.y.padded = spec.pc > 1;
  l.z.padded = spec.pr == 1 ? l.y.padded : true;
  return l;
}

struct StagePlan {
  Layouts layouts;
  Stage forward_rows;      // X -> Y on the row communicator (pc ranks, this one c): gathers N1, splits N2
  Stage forward_columns;   // Y -> Z on the column communicator (pr ranks, this one r): gathers N0, splits N1
  Stage backward_columns;  // Z -> Y: gathers N1, splits N0
  Stage backward_rows;     // Y -> X: gathers N2, splits N1
};

inline StagePlan stage_plan(const FftSpec& spec, int r, int c) {
  const Layouts l = layouts(spec, r, c);
  const auto& n = spec.n;
  return {l, Stage(l.x, l.y, 1, 2, n[1], n[2], spec.pc, c), Stage(l.y, l.z, 0, 1, n[0], n[1], spec.pr, r),
          Stage(l.z, l.y, 1, 0, n[1], n[0], spec.pr, r), Stage(l.y, l.x, 2, 1, n[2], n[1], spec.pc, c)};
}

}  // namespace tamp::fft
