// A job's nodes on a busy machine: the allocation a batch system hands out when other jobs hold the nodes
// between (docs/machines.md). Deterministic for a seed, so campaigns can name it by its parameters.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tamp/machine.hpp"

namespace tamp {

/// The order in which a batch system hands out nodes: node ids (TAMP's numbering, dimension 0 fastest), or a
/// space-filling curve over the routers (each router's nodes together), as Cray's ALPS orders a torus.
enum class AllocationOrder { ids, curve };

struct SparseAllocationOptions {
  int nodes = 0;           // nodes of the job
  int chunk = 1;           // consecutive nodes of the order per piece (the last piece may be shorter)
  std::uint64_t seed = 1;  // where the pieces fall
  AllocationOrder order = AllocationOrder::ids;
  double density = 0;  // the job's share of the stretch of the order it spans, in (0, 1]; 0: the whole machine
};

/// Every node of `machine` in the allocation order `order`. `curve` needs a machine whose routers have grid
/// coordinates (torus or mesh); it throws std::invalid_argument on others.
std::vector<int> allocation_order(const Machine& machine, AllocationOrder order);

/// `options.nodes` nodes of `machine` in pieces of `options.chunk` consecutive nodes of the allocation order,
/// with random gaps between them (every way to place the gaps equally likely), in the order's order — the
/// allocation order of the job. The pieces spread over the whole machine, or with a `density` over a stretch
/// of nodes / density nodes of the order that starts at a random node (wrapping around the end). Throws
/// std::invalid_argument when the job does not fit.
std::vector<int> sparse_allocation_nodes(const Machine& machine, const SparseAllocationOptions& options);

/// "ids" or "curve", as `tamp-map alloc --order` spells them.
AllocationOrder parse_allocation_order(const std::string& name);

}  // namespace tamp
