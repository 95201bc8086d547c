#include "tamp/sparse_allocation.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>

namespace tamp {

std::vector<int> sparse_allocation_nodes(const Machine& machine, const SparseAllocationOptions& o) {
  const int total = machine.num_nodes();
  if (o.nodes < 1 || o.nodes > total)
    throw std::invalid_argument("sparse allocation: " + std::to_string(o.nodes) + " nodes on a machine of " +
                                std::to_string(total));
  if (o.chunk < 1) throw std::invalid_argument("sparse allocation: the chunk must be at least 1 node");
  const int pieces = (o.nodes + o.chunk - 1) / o.chunk;
  const int free_nodes = total - o.nodes;
  // The free nodes split into pieces + 1 gaps: choose `pieces` cut points among free_nodes + pieces positions
  // (stars and bars), drawn with the engine's raw output so the result is the same with every standard
  // library.
  std::mt19937_64 draw(o.seed);
  std::vector<long long> cuts;
  const long long positions = static_cast<long long>(free_nodes) + pieces;
  // Floyd's sampling of `pieces` distinct positions in [0, positions).
  std::vector<char> taken(static_cast<std::size_t>(positions), 0);
  for (long long j = positions - pieces; j < positions; ++j) {
    const long long t = static_cast<long long>(draw() % static_cast<std::uint64_t>(j + 1));
    const long long pick = taken[static_cast<std::size_t>(t)] ? j : t;
    taken[static_cast<std::size_t>(pick)] = 1;
    cuts.push_back(pick);
  }
  std::sort(cuts.begin(), cuts.end());
  std::vector<int> nodes;
  nodes.reserve(static_cast<std::size_t>(o.nodes));
  // Piece k starts after the free nodes before cut k: cut k - k of them.
  int placed = 0;
  for (int k = 0; k < pieces; ++k) {
    const int start = static_cast<int>(cuts[static_cast<std::size_t>(k)] - k) + placed;
    const int size = std::min(o.chunk, o.nodes - placed);
    for (int i = 0; i < size; ++i) nodes.push_back(start + i);
    placed += size;
  }
  return nodes;
}

}  // namespace tamp
