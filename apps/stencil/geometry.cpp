// Block placement, interior / boundary split and halo neighbours of the Cartesian decomposition.
#include "geometry.hpp"

#include "tamp/task_graph.hpp"

namespace tamp::stencil {
namespace {

int direction_index(const std::array<int, 3>& dir) {
  return (dir[0] + 1) + 3 * (dir[1] + 1) + 9 * (dir[2] + 1);
}

}  // namespace

Block block_of_task(const StencilSpec& spec, int task) {
  GridShape grid{std::vector<int>(spec.procs.begin(), spec.procs.begin() + spec.dims), {}};
  const std::vector<int> c = grid.coords(task);
  Block block;
  for (int d = 0; d < spec.dims; ++d) {
    block.coords[d] = c[d];
    block.lo[d] = static_cast<std::int64_t>(c[d]) * spec.local[d];
  }
  return block;
}

Layout block_layout(const StencilSpec& spec) {
  Layout layout;
  for (int d = 0; d < spec.dims; ++d) {
    layout.n[d] = spec.local[d];
    layout.halo[d] = 1;
  }
  return layout;
}

Box interior_box(const Layout& layout, bool x_received) {
  Box box;
  for (int d = 0; d < 3; ++d) {
    const bool waits = layout.halo[d] && (d > 0 || x_received);
    box.lo[d] = waits ? 1 : 0;
    box.hi[d] = waits ? layout.n[d] - 1 : layout.n[d];
  }
  return box;
}

bool x_halo_received(const StencilSpec& spec) {
  return spec.procs[0] > 1 || spec.periodic;
}

// Slabs at the low and high side of each halo dimension d, limited to the interior range in the dimensions
// before d: every boundary cell lies in exactly one box (the one of its first dimension on a side).
std::vector<Box> boundary_boxes(const Layout& layout, bool x_received) {
  std::vector<Box> boxes;
  const Box inner = interior_box(layout, x_received);
  for (int d = 0; d < 3; ++d) {
    if (!layout.halo[d] || (d == 0 && !x_received)) continue;
    const int n = layout.n[d];
    const int sides = n > 1 ? 2 : 1;  // one layer: the low slab is the high slab too
    for (int s = 0; s < sides; ++s) {
      const int side = s == 0 ? 0 : n - 1;
      Box box;
      for (int e = 0; e < 3; ++e) {
        box.lo[e] = e < d ? inner.lo[e] : 0;
        box.hi[e] = e < d ? inner.hi[e] : layout.n[e];
      }
      box.lo[d] = side;
      box.hi[d] = side + 1;
      if (!box.empty()) boxes.push_back(box);
    }
  }
  return boxes;
}

std::vector<Neighbor> neighbors_of_task(const StencilSpec& spec, int task) {
  const Block block = block_of_task(spec, task);
  const Layout layout = block_layout(spec);
  GridShape grid{std::vector<int>(spec.procs.begin(), spec.procs.begin() + spec.dims), {}};
  std::vector<Neighbor> out;
  const int reach2 = spec.dims == 3 ? 1 : 0;
  for (int dz = -reach2; dz <= reach2; ++dz) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const std::array<int, 3> dir{dx, dy, dz};
        const int moved = (dx != 0) + (dy != 0) + (dz != 0);
        if (moved == 0 || (moved > 1 && !spec.box_stencil())) continue;
        std::vector<int> c(spec.dims);
        bool exists = true;
        Neighbor nb;
        nb.dir = dir;
        for (int d = 0; d < 3; ++d) {
          const int n = layout.n[d];
          if (d < spec.dims) {
            c[d] = block.coords[d] + dir[d];
            if (c[d] < 0 || c[d] >= spec.procs[d]) {
              exists = exists && spec.periodic;
              c[d] = (c[d] + spec.procs[d]) % spec.procs[d];
            }
          }
          nb.send_box.lo[d] = dir[d] == 1 ? n - 1 : 0;
          nb.send_box.hi[d] = dir[d] == -1 ? 1 : n;
          nb.recv_box.lo[d] = dir[d] == -1 ? -1 : dir[d] == 1 ? n : 0;
          nb.recv_box.hi[d] = dir[d] == -1 ? 0 : dir[d] == 1 ? n + 1 : n;
        }
        if (!exists) continue;
        nb.task = static_cast<int>(grid.index(c));
        nb.send_tag = direction_index(dir);
        nb.recv_tag = direction_index({-dx, -dy, -dz});
        out.push_back(nb);
      }
    }
  }
  return out;
}

}  // namespace tamp::stencil
