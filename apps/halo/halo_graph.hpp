// What the mappers place: the face messages of one time step and the grid sums.
#pragma once
#include <string>

#include "halo_spec.hpp"

namespace tamp::halo {

/// The `tamp-map gen` spec of one step's messages (generators.md, `minighost:`): the process grid, the local
/// box, the variables, the stencil, `comm=svaf` for SVAF and `sums=K` when not every variable is summed
/// (`summed` = the variables whose grid sum is checked every step). A campaign deck's `graph` line is this
/// line; generate_graph() of it gives the face exchange and the grid sums as phases, the process grid
/// and the task coordinates, so `blocked`, `geom-rs` and `auto` see the pattern.
std::string halo_graph_spec(const HaloSpec& spec, int summed);

}  // namespace tamp::halo
