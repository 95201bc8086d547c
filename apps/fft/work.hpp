// The work of the FFT's transposes in the units its compute model charges ("fft", "copy"), known without
// running them: what a blocking transpose charges before and after its exchange, and a step's work per task
// for the flow engine and the predicted time (FftProblem::step_work).
#pragma once
#include <vector>

#include "fft_spec.hpp"
#include "stage.hpp"
#include "stage_plan.hpp"
#include "tamp/app/problem.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::fft {

/// The local FFTs a transpose runs around its exchange.
struct StageFfts {
  /// Along the split dimension s before the exchange (per tile when pipelined).
  bool before = true;
  /// And along the planes' dimension (a previous identity stage left them): blocking fuses both into 2D
  /// FFTs, pipelined runs the planes' FFTs on all of the input first.
  bool with_planes = false;
  /// Dimensions of the output to transform after the exchange (one, or two for 2D FFTs): per delivered tile
  /// when pipelined (overlapping the tiles still in flight), per unpacked block of slices when blocking
  /// (while they are in cache); none if empty.
  std::vector<int> after;
};

/// The FFTs of the four transposes of a forward + backward pair, as FftRun runs them in `mode`.
struct PairFfts {
  StageFfts forward_rows, forward_columns, backward_columns, backward_rows;
};
PairFfts pair_ffts(const StagePlan& plan, TransposeMode mode);

/// Units of kind "fft" of a batch: points x log2 of the transformed length (the sum of the log2 of each
/// dimension for a 2D or 3D FFT), the 5 N log2 N of an FFT up to a constant.
double fft_units(const FftBatch& batch);
/// Units of kind "copy": the elements a box moves.
double copy_units(const CopyBox& box);
/// Elements a transpose's packing copies for planes [a0, a0 + na) of `cut`: the own block, and with `peers`
/// the peers' blocks into the send buffer.
double pack_units(const Stage& stage, int a0, int na, bool peers, Cut cut);
/// Elements its unpacking copies from the receive buffer.
double unpack_units(const Stage& stage, int a0, int na, Cut cut);

struct Work {
  double fft = 0, copy = 0;
  Work& operator+=(const Work& o) {
    fft += o.fft;
    copy += o.copy;
    return *this;
  }
};
/// Units charged before the point of the exchange (FFTs and packing) and after it (unpacking and FFTs).
struct TransposeWork {
  Work before, after;
};
/// What Transpose::run charges in blocking mode (it checks itself against this: Transpose::charged_work).
TransposeWork blocking_work(const Stage& stage, const StageFfts& ffts);

/// Whether the transpose of `stage` can fold the 1/N of the backward transform into its copies
/// (Transpose::scale_output); if the last one into X cannot, a pass of kind "copy" over X does it.
bool scales_by_copy(const Stage& stage);

/// The work of a step (one forward + backward pair) with blocking transposes, per task: each transpose's
/// work before its exchange charged before that collective of `graph` (and the work after it before the
/// next), the last transpose's work after it and the scaling after the step; the work of a transpose with no
/// collective in `graph` (one rank in its communicator) goes to the next one's.
app::Problem::StepWork blocking_step_work(const FftSpec& spec, const TaskGraph& graph);

}  // namespace tamp::fft
