// Boxes of the two transpose kinds; received boxes are ordered so that the innermost loop writes
// contiguously.
#include "stage.hpp"

namespace tamp::fft {

Stage::Stage(StageKind kind, int planes, int gathered, int split, int ranks, int me)
    : kind_(kind), planes_(planes), gathered_(gathered), split_(split), ranks_(ranks), me_(me) {}

std::int64_t Stage::input_size() const {
  // split_last: A x B_l x C; gather_last: X_l x A x B. Both: my block of `gathered` x A x whole `split`.
  return std::int64_t{block_of(gathered_, ranks_, me_).size} * planes_ * split_;
}

std::int64_t Stage::output_size() const {
  return std::int64_t{block_of(split_, ranks_, me_).size} * planes_ * gathered_;
}

FftBatch Stage::fft_batch(int a0, int na) const {
  const std::int64_t mine = block_of(gathered_, ranks_, me_).size;
  FftBatch batch;
  batch.n = split_;
  if (kind_ == StageKind::split_last) {
    batch.offset = a0 * mine * split_;
    batch.loops = {{na * mine, split_}};
  } else {
    batch.offset = std::int64_t{a0} * split_;
    batch.loops = {{mine, std::int64_t{planes_} * split_}, {na, split_}};
  }
  return batch;
}

std::int64_t Stage::send_count(int peer, int na) const {
  return std::int64_t{block_of(gathered_, ranks_, me_).size} * na * block_of(split_, ranks_, peer).size;
}

std::int64_t Stage::recv_count(int peer, int na) const {
  return std::int64_t{block_of(gathered_, ranks_, peer).size} * na * block_of(split_, ranks_, me_).size;
}

CopyBox Stage::send_box(int peer, int a0, int na) const {
  const std::int64_t mine = block_of(gathered_, ranks_, me_).size;
  const Block to = block_of(split_, ranks_, peer);
  const std::int64_t A = planes_;
  CopyBox box;
  if (kind_ == StageKind::split_last) {  // in[a][b][c], c in the peer's block: sent as (a, b, c)
    box.n = {na, mine, to.size};
    box.src_offset = a0 * mine * split_ + to.offset;
    box.src_stride = {mine * split_, split_, 1};
    box.dst_stride = {mine * to.size, to.size, 1};
  } else {  // in[x][a][b], b in the peer's block: sent as (x, a, b)
    box.n = {mine, na, to.size};
    box.src_offset = std::int64_t{a0} * split_ + to.offset;
    box.src_stride = {A * split_, split_, 1};
    box.dst_stride = {std::int64_t{na} * to.size, to.size, 1};
  }
  return box;
}

CopyBox Stage::recv_box(int peer, int a0, int na) const {
  const Block from = block_of(gathered_, ranks_, peer);
  const std::int64_t mine = block_of(split_, ranks_, me_).size;
  const std::int64_t A = planes_;
  CopyBox box;
  if (kind_ == StageKind::split_last) {
    // Received (a, b, c) with b in the peer's block of B, c in mine of C; out[c][a][B.offset + b].
    // Loops (c, a, b): b innermost, contiguous in the output.
    box.n = {mine, na, from.size};
    box.src_stride = {1, from.size * mine, mine};
    box.dst_offset = std::int64_t{a0} * gathered_ + from.offset;
    box.dst_stride = {A * gathered_, gathered_, 1};
  } else {
    // Received (x, a, b) with x in the peer's block of X, b in mine of B; out[a][b][X.offset + x].
    // Loops (a, b, x): x innermost, contiguous in the output.
    box.n = {na, mine, from.size};
    box.src_stride = {mine, 1, std::int64_t{na} * mine};
    box.dst_offset = a0 * mine * gathered_ + from.offset;
    box.dst_stride = {mine * gathered_, gathered_, 1};
  }
  return box;
}

}  // namespace tamp::fft
