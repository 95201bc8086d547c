// Where a task's block sits in the global grid, how its cells are stored, and who its halo neighbours are.
// Conventions: dimension 0 fastest everywhere (tasks as tamp::GridShape, cells in memory); boxes are
// half-open [lo, hi) in the block's own cell indices, so -1 and n are halo cells.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "stencil_spec.hpp"

namespace tamp::stencil {

struct Box {
  std::array<int, 3> lo{0, 0, 0};
  std::array<int, 3> hi{0, 0, 0};
  bool empty() const { return hi[0] <= lo[0] || hi[1] <= lo[1] || hi[2] <= lo[2]; }
  std::int64_t cells() const {
    return empty() ? 0 : static_cast<std::int64_t>(hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
  }
};

/// Storage of a block of n cells per dimension with a halo of `halo` cells on each side.
struct Layout {
  std::array<int, 3> n{1, 1, 1};
  std::array<int, 3> halo{0, 0, 0};

  std::int64_t extent(int d) const { return n[d] + 2 * halo[d]; }
  std::int64_t stride_y() const { return extent(0); }
  std::int64_t stride_z() const { return extent(0) * extent(1); }
  std::int64_t size() const { return extent(0) * extent(1) * extent(2); }
  std::int64_t index(std::int64_t i, std::int64_t j, std::int64_t k) const {
    return (i + halo[0]) + extent(0) * ((j + halo[1]) + extent(1) * (k + halo[2]));
  }
};

/// The block of task `task`: its process-grid coordinates and first global cell.
struct Block {
  std::array<int, 3> coords{0, 0, 0};
  std::array<std::int64_t, 3> lo{0, 0, 0};
};
Block block_of_task(const StencilSpec& spec, int task);
/// Storage of a task's block: halo 1 in the stencil's dimensions, 0 beyond.
Layout block_layout(const StencilSpec& spec);

/// The cells whose stencil reads no halo cell that a message fills, and the disjoint boxes of the remaining
/// boundary layer. `x_received`: a message fills the x halo; when none does (one rank along x, not periodic:
/// the x halo stays 0) the two x-slabs, one cell wide and the slowest boxes to sweep, join the interior. The
/// other dimensions keep their slabs whether or not a message comes.
Box interior_box(const Layout& layout, bool x_received = true);
std::vector<Box> boundary_boxes(const Layout& layout, bool x_received = true);
/// Whether a message fills the x halo of every block of `spec`.
bool x_halo_received(const StencilSpec& spec);

/// One halo message partner of a task: the neighbour in direction `dir` (each entry -1, 0, 1).
struct Neighbor {
  std::array<int, 3> dir{0, 0, 0};
  int task = 0;      // == rank in the reordered communicator
  int send_tag = 0;  // this task's message towards dir
  int recv_tag = 0;  // the neighbour's message towards -dir
  Box send_box;      // own cells next to the neighbour
  Box recv_box;      // halo cells the neighbour fills
};
/// Faces (5/7-point) or faces, edges and corners (9/27-point); wraps when periodic, none beyond a boundary
/// that is not. A periodic dimension of 1 or 2 ranks gives the same task in several directions (or itself).
std::vector<Neighbor> neighbors_of_task(const StencilSpec& spec, int task);

}  // namespace tamp::stencil
