// The geometry of one transpose: a communicator of `ranks` ranks gathers global dimension g (each rank held
// its block of it) and splits dimension s (each rank held all of it); the third dimension, the *planes*, is
// the same on every rank of the communicator, so the tiles of a pipelined transpose match across it. Before
// the exchange the local 1D FFTs run along s, the dimension about to be split. Input and output are Layouts
// (any dimension order); the stage says which box goes to which peer and where a received box lands.
//
// A message is packed in one dimension order for sender and receiver. If the sender's block is contiguous
// in that order in the input (s outermost), it is sent straight from the input; if the receiver's block is
// contiguous in the output (g outermost), it is received straight into the output. The order is chosen to
// need as few copies as possible, so a blocking transpose copies each element once (pack or unpack). A
// rank's own block never goes through MPI: it is copied from the input to the output directly.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "distribution.hpp"
#include "layout.hpp"

namespace tamp::fft {

/// dst[d + i*ds0 + j*ds1 + k*ds2] = scale * src[s + i*ss0 + j*ss1 + k*ss2] for i < n0, j < n1, k < n2.
struct CopyBox {
  double scale = 1.0;
  std::array<std::int64_t, 3> n{0, 0, 0};
  std::int64_t src_offset = 0;
  std::array<std::int64_t, 3> src_stride{0, 0, 0};
  std::int64_t dst_offset = 0;
  std::array<std::int64_t, 3> dst_stride{0, 0, 0};
};

/// Batched transforms from `offset`: `dims` are the transformed dimensions (length, element stride; one for
/// 1D FFTs, two for a 2D FFT), `loops` the (count, stride) loops around them.
struct FftBatch {
  std::vector<std::array<std::int64_t, 2>> dims;
  std::int64_t offset = 0;
  std::vector<std::array<std::int64_t, 2>> loops;
};

/// Index range of each global dimension (size < 0: the whole extent).
using Box = std::array<Block, 3>;
constexpr Block kAll{0, -1};

/// One block of a blocking transpose: the index range `range` of global dimension `dim` (dim < 0: no cut).
struct Cut {
  int dim = -1;
  Block range = kAll;
};

/// The FFTs of a local array along the global dimensions `dims`, over the index ranges `box` of the other
/// dimensions (the transformed dimensions are always whole).
FftBatch fft_along(const Layout& layout, const std::vector<int>& dims, Box box = {kAll, kAll, kAll});

class Stage {
 public:
  /// `gathered` / `split`: global sizes of dimensions g and s; this rank is `me` of `ranks`. `in` must hold
  /// my block of g and all of s, `out` all of g and my block of s, both the same planes.
  Stage(Layout in, Layout out, int g, int s, int gathered, int split, int ranks, int me);

  int planes() const { return static_cast<int>(in_.extent[a_]); }
  int planes_dim() const { return a_; }
  int ranks() const { return ranks_; }
  int me() const { return me_; }
  const Layout& input() const { return in_; }
  const Layout& output() const { return out_; }
  /// One rank and the same layout on both sides: the output is the input (no copy, same array).
  bool identity() const { return ranks_ == 1 && in_.order == out_.order && in_.padded == out_.padded; }
  /// Whole-plane messages can be sent from the input / received into the output without a copy.
  bool direct_send() const { return sends_direct(packed_); }
  bool direct_recv() const { return receives_direct(packed_); }

  /// The FFTs before the exchange (along s) of planes [a0, a0 + na) of the input, only over `cut` (of g or
  /// the planes); with `with_planes` also along the planes' dimension (2D FFTs, all planes), for a previous
  /// identity stage whose FFTs ran along the planes.
  FftBatch fft_before(int a0, int na, Cut cut = {}, bool with_planes = false) const;
  /// FFTs of the output along `dims` (the next step's) over planes [a0, a0 + na) and only over `cut` (of s
  /// or the planes): what a delivered tile (or unpacked block) allows.
  FftBatch fft_after(const std::vector<int>& dims, int a0, int na, Cut cut = {}) const;
  /// The dimension a blocking transpose cuts the input into cache-sized blocks by (the FFTs before and the
  /// packing): the outer of g and the planes in the input order (g when the FFTs run along the planes too),
  /// so that a block is a few whole slices, not pieces of every slice.
  int before_cut_dim(bool with_planes) const;
  /// The same for the output (the unpacking and the FFTs after, along `dims`): the outer of s and the planes.
  int after_cut_dim(const std::vector<int>& dims) const;
  /// Elements sent to / received from `peer` for a tile of `na` planes (the data, as in the task graph).
  std::int64_t send_count(int peer, int na) const;
  std::int64_t recv_count(int peer, int na) const;
  /// Elements of those messages on the wire: whole-plane messages sent or received in place carry the slice
  /// pads of that side's array (Layout::padded), so that they are the block exactly as it lies there.
  std::int64_t send_length(int peer, int na) const { return message_layout(me_, peer, na).size(); }
  std::int64_t recv_length(int peer, int na) const { return message_layout(peer, me_, na).size(); }
  /// Offsets of the whole-plane messages in the input (direct_send) and in the output (direct_recv).
  std::int64_t send_offset(int peer) const;
  std::int64_t recv_offset(int peer) const;
  /// From the input to a packed block that starts at offset 0; from a packed block starting at 0 to the
  /// output; this rank's own block from the input to the output; all for planes [a0, a0 + na).
  /// Each may be cut to one block (`cut`: of g or the planes for copies from the input, of s or the planes
  /// for copies into the output), which lands where it lies in the whole block.
  CopyBox send_box(int peer, int a0, int na, Cut cut = {}) const;
  CopyBox recv_box(int peer, int a0, int na, Cut cut = {}) const;
  CopyBox self_box(int a0, int na, Cut cut = {}) const;

 private:
  // Extents of the message from rank `from` to rank `to` for na planes, by global dimension.
  std::array<std::int64_t, 3> message(int from, int to, int na) const;
  Layout message_layout(int from, int to, int na) const;
  // Messages packed in `packed` order are contiguous in the input (s outermost) / the output (g outermost).
  bool sends_direct(const Order& packed) const { return packed == in_.order && in_.order[0] == s_; }
  bool receives_direct(const Order& packed) const { return packed == out_.order && out_.order[0] == g_; }

  Layout in_, out_;
  int g_, s_, a_;
  int gathered_, split_;
  int ranks_, me_;
  Order packed_;
};

}  // namespace tamp::fft
