// Boxes of a transpose between two layouts. Copies loop in the destination's dimension order, so the
// innermost loop writes contiguously.
#include "stage.hpp"

#include <algorithm>
#include <stdexcept>

namespace tamp::fft {
namespace {

// A box of `extent` (by global dimension) looped in `order`, between two stride sets.
CopyBox box_in_order(const Order& order, const std::array<std::int64_t, 3>& extent, std::int64_t src_offset,
                     const std::array<std::int64_t, 3>& src_stride, std::int64_t dst_offset,
                     const std::array<std::int64_t, 3>& dst_stride) {
  CopyBox box;
  box.src_offset = src_offset;
  box.dst_offset = dst_offset;
  for (int i = 0; i < 3; ++i) {
    box.n[i] = extent[order[i]];
    box.src_stride[i] = src_stride[order[i]];
    box.dst_stride[i] = dst_stride[order[i]];
  }
  return box;
}

// `range`, or all of a dimension of `extent` when range.size < 0 (kAll).
Block or_whole(Block range, std::int64_t extent) {
  return range.size < 0 ? Block{0, static_cast<int>(extent)} : range;
}

// The outer of global dimensions d and e in `order`.
int outer(const Order& order, int d, int e) {
  for (int o : order) {
    if (o == d || o == e) return o;
  }
  return d;
}

// The range of a cut (the whole block if it has none), and `extent` narrowed to it.
Block cut_range(const Cut& cut, std::array<std::int64_t, 3>& extent) {
  if (cut.dim < 0) return {0, 0};
  const Block range = or_whole(cut.range, extent[cut.dim]);
  extent[cut.dim] = range.size;
  return range;
}

// Where a cut's first index lies along `stride`.
std::int64_t offset_of(const Cut& cut, Block range, const std::array<std::int64_t, 3>& stride) {
  return cut.dim < 0 ? 0 : range.offset * stride[cut.dim];
}

}  // namespace

FftBatch fft_along(const Layout& layout, const std::vector<int>& dims, Box box) {
  const auto stride = layout.strides();
  FftBatch batch;
  for (int d : layout.order) {  // outermost first, as FFTW's row-major multi-dimensional transforms expect
    if (std::find(dims.begin(), dims.end(), d) != dims.end()) {
      batch.dims.push_back({layout.extent[d], stride[d]});
    } else {
      const Block range = or_whole(box[d], layout.extent[d]);
      batch.offset += range.offset * stride[d];
      batch.loops.push_back({range.size, stride[d]});
    }
  }
  return batch;
}

Stage::Stage(Layout in, Layout out, int g, int s, int gathered, int split, int ranks, int me)
    : in_(in),
      out_(out),
      g_(g),
      s_(s),
      a_(3 - g - s),
      gathered_(gathered),
      split_(split),
      ranks_(ranks),
      me_(me) {
  if (in_.extent[g_] != block_of(gathered_, ranks_, me_).size || in_.extent[s_] != split_ ||
      out_.extent[g_] != gathered_ || out_.extent[s_] != block_of(split_, ranks_, me_).size ||
      in_.extent[a_] != out_.extent[a_]) {
    throw std::logic_error("fft stage: input and output layouts do not match the distribution");
  }
  // Pack in the order that leaves fewer copies: the receiver's (ties) or the sender's.
  auto copies = [&](const Order& packed) { return !sends_direct(packed) + !receives_direct(packed); };
  packed_ = copies(in_.order) < copies(out_.order) ? in_.order : out_.order;
}

FftBatch Stage::fft_before(int a0, int na, Cut cut, bool with_planes) const {
  Box box{kAll, kAll, kAll};
  if (!with_planes) box[a_] = {a0, na};
  if (cut.dim >= 0) box[cut.dim] = cut.range;
  return fft_along(in_, with_planes ? std::vector<int>{a_, s_} : std::vector<int>{s_}, box);
}

FftBatch Stage::fft_after(const std::vector<int>& dims, int a0, int na, Cut cut) const {
  Box box{kAll, kAll, kAll};
  box[a_] = {a0, na};
  if (cut.dim >= 0) box[cut.dim] = cut.range;
  return fft_along(out_, dims, box);
}

int Stage::before_cut_dim(bool with_planes) const {
  if (with_planes) return g_;
  return outer(in_.order, g_, a_);
}

int Stage::after_cut_dim(const std::vector<int>& dims) const {
  if (std::find(dims.begin(), dims.end(), a_) != dims.end()) return s_;
  return outer(out_.order, s_, a_);
}

std::array<std::int64_t, 3> Stage::message(int from, int to, int na) const {
  std::array<std::int64_t, 3> extent{};
  extent[g_] = block_of(gathered_, ranks_, from).size;
  extent[s_] = block_of(split_, ranks_, to).size;
  extent[a_] = na;
  return extent;
}

Layout Stage::message_layout(int from, int to, int na) const {
  Layout m{packed_, message(from, to, na)};
  m.padded = na == planes() &&
             ((sends_direct(packed_) && in_.padded) || (receives_direct(packed_) && out_.padded));
  return m;
}

std::int64_t Stage::send_count(int peer, int na) const {
  const auto e = message(me_, peer, na);
  return e[0] * e[1] * e[2];
}

std::int64_t Stage::recv_count(int peer, int na) const {
  const auto e = message(peer, me_, na);
  return e[0] * e[1] * e[2];
}

std::int64_t Stage::send_offset(int peer) const {
  return block_of(split_, ranks_, peer).offset * in_.strides()[s_];
}

std::int64_t Stage::recv_offset(int peer) const {
  return block_of(gathered_, ranks_, peer).offset * out_.strides()[g_];
}

CopyBox Stage::send_box(int peer, int a0, int na, Cut cut) const {
  auto extent = message(me_, peer, na);
  const auto packed = message_layout(me_, peer, na).strides();
  const auto in = in_.strides();
  const Block range = cut_range(cut, extent);
  return box_in_order(packed_, extent,
                      std::int64_t{a0} * in[a_] + send_offset(peer) + offset_of(cut, range, in), in,
                      offset_of(cut, range, packed), packed);
}

CopyBox Stage::recv_box(int peer, int a0, int na, Cut cut) const {
  auto extent = message(peer, me_, na);
  const auto packed = message_layout(peer, me_, na).strides();
  const auto out = out_.strides();
  const Block range = cut_range(cut, extent);
  return box_in_order(out_.order, extent, offset_of(cut, range, packed), packed,
                      std::int64_t{a0} * out[a_] + recv_offset(peer) + offset_of(cut, range, out), out);
}

CopyBox Stage::self_box(int a0, int na, Cut cut) const {
  auto extent = message(me_, me_, na);
  const auto in = in_.strides(), out = out_.strides();
  const Block range = cut_range(cut, extent);
  return box_in_order(out_.order, extent,
                      std::int64_t{a0} * in[a_] + send_offset(me_) + offset_of(cut, range, in), in,
                      std::int64_t{a0} * out[a_] + recv_offset(me_) + offset_of(cut, range, out), out);
}

}  // namespace tamp::fft
