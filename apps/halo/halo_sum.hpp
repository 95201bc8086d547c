// The grid sums of the check: the sum of a variable's owned cells. MiniGhost keeps one running sum (k, j, i),
// a chain of dependent additions (4 cycles a cell); the per-step check sums each row in a fixed order that
// vectorises, the final check keeps MiniGhost's order, so that the final sums printed stay the reference's.
#pragma once
#include "halo_block.hpp"

namespace tamp::halo {

/// Sum of the owned cells of `grid`: rows in (k, j) order, each row as 8 partial sums over i mod 8 (combined
/// pairwise) plus the cells left over. No reassociation, so the compiler vectorises it without changing a
/// bit: the same numbers on every instruction set, thread count and backend.
double grid_sum(const BlockLayout& layout, const double* grid);

/// Sum of the owned cells of `grid` in MiniGhost's order (MG_SUM_GRID): one running sum over k, j, i.
double grid_sum_minighost(const BlockLayout& layout, const double* grid);

}  // namespace tamp::halo
