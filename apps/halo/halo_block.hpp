// A rank's block as MiniGhost stores it: GRID(0:NX+1, 0:NY+1, 0:NZ+1) per variable, x fastest, ghost layers
// at 0 and N+1; and its face neighbours (x fastest rank order, not periodic).
#pragma once
#include <array>
#include <cstdint>

#include "halo_spec.hpp"

namespace tamp::halo {

struct BlockLayout {
  std::array<int, 3> n{1, 1, 1};  // owned cells per dimension; cells 1..n, ghosts 0 and n+1

  std::int64_t sy() const { return n[0] + 2; }
  std::int64_t sz() const { return static_cast<std::int64_t>(n[0] + 2) * (n[1] + 2); }
  std::int64_t size() const { return sz() * (n[2] + 2); }
  std::int64_t index(std::int64_t i, std::int64_t j, std::int64_t k) const { return i + sy() * j + sz() * k; }
};

/// Faces in MiniGhost's terms: west/east (x), south/north (y), back/front (z).
enum Face { west = 0, east, south, north, back, front };
constexpr int kFaces = 6;
constexpr int dimension_of(int face) {
  return face / 2;
}
constexpr int opposite(int face) {
  return face ^ 1;
}

/// Cells of the plane next to `face` including the ghost ring (MG_PACK sends 0..N+1 in both directions).
std::int64_t face_cells(const BlockLayout& layout, int face);

struct Block {
  BlockLayout layout;
  std::array<int, 3> coords{0, 0, 0};                        // in the process grid
  std::array<std::int64_t, 3> first{0, 0, 0};                // global index of cell 1 (0-based)
  std::array<int, kFaces> neighbor{-1, -1, -1, -1, -1, -1};  // task across each face, -1 at the boundary
};
Block block_of_task(const HaloSpec& spec, int task);

}  // namespace tamp::halo
