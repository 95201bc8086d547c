// The node-sized tiles of a task grid.
#pragma once
#include <optional>
#include <vector>

namespace tamp::impl {

/// Every block b with prod(b) == cells and b[d] dividing grid[d] for every d, by increasing surface
/// sum_d cells / b[d] (fewest cells on the block's faces, so the fewest bytes leave a node); equal surfaces keep the
/// order in which b[0] grows fastest. At most `max_count` shapes.
std::vector<std::vector<int>> block_shapes(const std::vector<int>& grid, int cells, int max_count);

/// The first of block_shapes(), or std::nullopt when the grid cannot be tiled.
std::optional<std::vector<int>> best_block_shape(const std::vector<int>& grid, int cells);

}  // namespace tamp::impl
