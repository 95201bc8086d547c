// The geometry of one transpose: which box of the local array goes to which peer, and where a received box
// lands. Two kinds, inverse to each other:
//   split_last  [A][B_l][C] -> [C_l][A][B]   (forward: the communicator gathers B and splits C)
//   gather_last [X_l][A][B] -> [A][B_l][X]   (backward: the communicator gathers X and splits B)
// `_l` is the rank's block of a dimension distributed over the communicator. Before the exchange the local
// 1D FFTs run along the contiguous whole dimension (C, resp. B). Planes are the A index: every rank of the
// communicator has the same A, so the tiles of a pipelined transpose match across the communicator.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "distribution.hpp"

namespace tamp::fft {

/// dst[d + i*ds0 + j*ds1 + k*ds2] = src[s + i*ss0 + j*ss1 + k*ss2] for i < n0, j < n1, k < n2.
struct CopyBox {
  std::array<std::int64_t, 3> n{0, 0, 0};
  std::int64_t src_offset = 0;
  std::array<std::int64_t, 3> src_stride{0, 0, 0};
  std::int64_t dst_offset = 0;
  std::array<std::int64_t, 3> dst_stride{0, 0, 0};
};

/// Batched contiguous 1D transforms of length `n`: loops of (count, stride) around the rows, from `offset`.
struct FftBatch {
  int n = 1;
  std::int64_t offset = 0;
  std::vector<std::array<std::int64_t, 2>> loops;
};

enum class StageKind { split_last, gather_last };

class Stage {
 public:
  /// `planes` = A; `gathered` / `split`: global sizes of the dimension the communicator gathers (B, resp. X)
  /// and splits (C, resp. B); the communicator has `ranks` ranks, this one is `me`.
  Stage(StageKind kind, int planes, int gathered, int split, int ranks, int me);

  int planes() const { return planes_; }
  int ranks() const { return ranks_; }
  std::int64_t input_size() const;
  std::int64_t output_size() const;
  /// The FFTs before the exchange run along the dimension the communicator splits next (C, resp. B).
  int fft_length() const { return split_; }

  /// The 1D FFTs of planes [a0, a0 + na) of the input.
  FftBatch fft_batch(int a0, int na) const;
  /// Elements sent to / received from `peer` for a tile of `na` planes.
  std::int64_t send_count(int peer, int na) const;
  std::int64_t recv_count(int peer, int na) const;
  /// From the input array to a send block that starts at offset 0, and from a receive block starting at 0
  /// to the output array, for planes [a0, a0 + na).
  CopyBox send_box(int peer, int a0, int na) const;
  CopyBox recv_box(int peer, int a0, int na) const;

 private:
  StageKind kind_;
  int planes_;
  int gathered_;
  int split_;
  int ranks_;
  int me_;
};

}  // namespace tamp::fft
