// A job's nodes on a busy machine: the allocation a batch system hands out when other jobs hold the nodes
// between (docs/machines.md). Deterministic for a seed, so campaigns can name it by its parameters.
#pragma once
#include <cstdint>
#include <vector>

#include "tamp/machine.hpp"

namespace tamp {

struct SparseAllocationOptions {
  int nodes = 0;           // nodes of the job
  int chunk = 1;           // consecutive node ids per piece (the last piece may be shorter)
  std::uint64_t seed = 1;  // where the pieces fall
};

/// `options.nodes` node ids of `machine` in pieces of `options.chunk` consecutive ids, the pieces spread over
/// the whole machine with random gaps between them (every way to place the gaps equally likely), in
/// increasing id order — the allocation order of the job. Throws std::invalid_argument when the job does not
/// fit.
std::vector<int> sparse_allocation_nodes(const Machine& machine, const SparseAllocationOptions& options);

}  // namespace tamp
