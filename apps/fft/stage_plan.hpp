// The four transposes of a rank (r, c) on the pr x pc grid, and the layouts they move between:
//   X [n0(r over pr)][n1(c over pc)][N2]  input and output of the transform
//   Y [n2(c over pc)][n0(r over pr)][N1]  between the two transposes
//   Z [n1(r over pr)][n2(c over pc)][N0]  the forward result (transposed layout)
// Forward: FFT N2, rows X->Y; FFT N1, columns Y->Z; FFT N0. Backward: FFT N0, columns Z->Y; FFT N1, rows
// Y->X; FFT N2 (scaled by 1/N).
#pragma once
#include "distribution.hpp"
#include "fft_spec.hpp"
#include "stage.hpp"

namespace tamp::fft {

struct StagePlan {
  Stage forward_rows;      // split_last on the row communicator (pc ranks, this one c)
  Stage forward_columns;   // split_last on the column communicator (pr ranks, this one r)
  Stage backward_columns;  // gather_last on the column communicator
  Stage backward_rows;     // gather_last on the row communicator
};

inline StagePlan stage_plan(const FftSpec& spec, int r, int c) {
  const int n0 = block_of(spec.n[0], spec.pr, r).size;
  const int n2 = block_of(spec.n[2], spec.pc, c).size;
  return {Stage(StageKind::split_last, n0, spec.n[1], spec.n[2], spec.pc, c),
          Stage(StageKind::split_last, n2, spec.n[0], spec.n[1], spec.pr, r),
          Stage(StageKind::gather_last, n2, spec.n[1], spec.n[0], spec.pr, r),
          Stage(StageKind::gather_last, n0, spec.n[2], spec.n[1], spec.pc, c)};
}

}  // namespace tamp::fft
