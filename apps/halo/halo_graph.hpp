// What the mappers place: the face messages of one time step, and the app's own `group` ordering.
#pragma once
#include <array>
#include <string>

#include "halo_spec.hpp"
#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::halo {

/// The `tamp-map gen` spec of one step's messages (generators.md, `minighost:`): the process grid, the local
/// box, the variables, the stencil, `comm=svaf` for SVAF and `sums=K` when not every variable is summed
/// (`summed` = the variables whose grid sum is checked every step). A campaign deck's `graph` line is this
/// line.
std::string halo_graph_spec(const HaloSpec& spec, int summed);

/// generate_graph(halo_graph_spec(spec, summed)): the face exchange and the grid sums as phases, the process
/// grid and the task coordinates, so `blocked`, `geom-rs` and `auto` see the pattern.
TaskGraph make_halo_graph(const HaloSpec& spec, int summed);

/// The block of tasks that `group` puts on one node of `cores` cores: [Deveci14]'s 2x2x4 for 16 cores,
/// generalised by handing the prime factors of `cores` (largest first) to z, x, y in turn, skipping a
/// dimension whose remaining process count they do not divide. Throws std::invalid_argument when no such
/// block tiles the process grid.
std::array<int, 3> group_block(const std::array<int, 3>& procs, int cores);

/// [Deveci14]'s Group baseline: the process grid cut into group_block() blocks, x fastest; block b on the
/// b-th node of the job, its tasks (x fastest) on that node's cores. Needs equal cores on every node.
Mapping group_mapping(const HaloSpec& spec, const Allocation& job);

}  // namespace tamp::halo
