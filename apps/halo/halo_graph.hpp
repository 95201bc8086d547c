// What the mappers place: the face messages of one time step, and the app's own `group` ordering.
#pragma once
#include <array>

#include "halo_spec.hpp"
#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::halo {

/// One step's messages: each task to each face neighbour, 8 bytes x num_vars x the face plane with its ghost
/// ring (what MG_PACK sends, BSPMA or SVAF alike); the NPX x NPY x NPZ grid shape (not periodic) and the task
/// coordinates, so `blocked`, `geom-rs` and `auto` see the pattern.
TaskGraph make_halo_graph(const HaloSpec& spec);

/// The block of tasks that `group` puts on one node of `cores` cores: seed 001's 2x2x4 for 16 cores,
/// generalised by handing the prime factors of `cores` (largest first) to z, x, y in turn, skipping a
/// dimension whose remaining process count they do not divide. Throws std::invalid_argument when no such
/// block tiles the process grid.
std::array<int, 3> group_block(const std::array<int, 3>& procs, int cores);

/// Seed 001's Group baseline: the process grid cut into group_block() blocks, x fastest; block b on the b-th
/// node of the job, its tasks (x fastest) on that node's cores. Needs equal cores on every node.
Mapping group_mapping(const HaloSpec& spec, const Allocation& job);

}  // namespace tamp::halo
