// Partitioning of the elements into one chunk per rank: METIS k-way or Scotch on the element graph, or
// recursive coordinate bisection; every rank computes the same partition (fixed seeds, one thread).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "mesh.hpp"

namespace tamp::mesh {

/// "metis", "scotch", "rcb"; "auto" = metis when built, else scotch, else rcb.
std::string resolve_partitioner(const std::string& name);
/// Whether this build has the partitioner (rcb always).
bool partitioner_built(const std::string& name);

/// Part of each element, in [0, parts). Graph partitioners get the element graph, each shared face an edge
/// of weight 1, and a 3% imbalance allowance; rcb cuts element centroids into parts of exact sizes.
std::vector<int> partition_elements(const Mesh& mesh, const ElementGraph& graph, int parts,
                                    const std::string& partitioner, std::uint64_t seed);

}  // namespace tamp::mesh
