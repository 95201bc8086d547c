// The node-sized tile of a task grid.
#pragma once
#include <optional>
#include <vector>

namespace tamp::impl {

/// The block b with prod(b) == cells, b[d] dividing grid[d] for every d, and the smallest surface
/// sum_d cells / b[d] (fewest cells on the block's faces, so the fewest bytes leave a node); ties go to the block
/// found first when b[0] grows fastest. std::nullopt when no such block exists.
std::optional<std::vector<int>> best_block_shape(const std::vector<int>& grid, int cells);

}  // namespace tamp::impl
