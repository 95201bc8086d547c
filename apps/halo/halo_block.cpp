// Where a task's block sits and who its face neighbours are (MG_INIT).
#include "halo_block.hpp"

namespace tamp::halo {

std::int64_t face_cells(const BlockLayout& layout, int face) {
  std::int64_t cells = 1;
  for (int d = 0; d < 3; ++d)
    if (d != dimension_of(face)) cells *= layout.n[d] + 2;
  return cells;
}

Block block_of_task(const HaloSpec& spec, int task) {
  Block b;
  b.layout.n = spec.local;
  const auto& p = spec.procs;
  b.coords = {task % p[0], (task / p[0]) % p[1], task / (p[0] * p[1])};
  const int stride[3] = {1, p[0], p[0] * p[1]};
  for (int d = 0; d < 3; ++d) {
    b.first[d] = static_cast<std::int64_t>(b.coords[d]) * spec.local[d];
    if (b.coords[d] > 0) b.neighbor[2 * d] = task - stride[d];
    if (b.coords[d] < p[d] - 1) b.neighbor[2 * d + 1] = task + stride[d];
  }
  return b;
}

}  // namespace tamp::halo
