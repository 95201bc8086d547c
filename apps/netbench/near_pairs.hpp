// WICON's `near` pairing: every task with the nearest task on another node, on any allocation (sparse torus
// jobs, fat trees, dragonflies), where `nn` needs whole torus lines.
#pragma once
#include <vector>

#include "tamp/allocation.hpp"

namespace tamp::netbench {

/// Partner of each task (task t on job slot t), -1 when idle. Nearest pairs first: for h = 0, 1, ... up to
/// the machine's diameter, each unpaired task in task order takes the lowest unpaired task on another node
/// exactly h hops away. So no two idle tasks on different nodes are left, and no pair is formed at h hops
/// while two unpaired tasks are fewer hops apart. Greedy, not a matching of least total hops. Tasks of one
/// node never pair (that would time shared memory). O(diameter x tasks^2) hops.
std::vector<int> nearest_pairs(const Allocation& job);

}  // namespace tamp::netbench
