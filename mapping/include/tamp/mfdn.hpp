// MFDn's triangular processor grid (Aktulga et al., [Aktulga12] §2.1, §4): which grid block each MPI rank
// holds.
#pragma once
#include <array>
#include <string_view>
#include <vector>

namespace tamp {

/// The four rank orderings of [Aktulga12] Fig. 4: diagonal-major, column-major and their balanced variants.
enum class MfdnOrdering { dm, cm, bdm, bcm };
MfdnOrdering parse_mfdn_ordering(
    std::string_view name);  // "dm", "cm", "bdm", "bcm"; throws std::invalid_argument
std::string_view to_string(MfdnOrdering ordering);

/// n_d of the triangular grid of `ranks` ranks, n_d(n_d+1)/2 == ranks (the Lanczos app's grid, the `mfdn:`
/// generator's size); throws std::invalid_argument naming the nearest triangular counts.
int triangular_side(int ranks);

/// Rank -> grid position (row i, column j), 0-based, for an nd x nd grid with nd(nd+1)/2 ranks.
/// DM and CM fill the lower triangle (i >= j); BDM and BCM use the whole square so that every row and column
/// holds (nd+1)/2 blocks, and need an odd nd. Every block {i,j} is held once, as (i,j) or (j,i). Throws
/// std::invalid_argument for nd < 1, or an even nd with a balanced ordering.
std::vector<std::array<int, 2>> mfdn_grid_positions(int nd, MfdnOrdering ordering);

}  // namespace tamp
