#include "tamp/sparse_allocation.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

#include "algorithms/regular/regular.hpp"

namespace tamp {

std::vector<int> allocation_order(const Machine& machine, AllocationOrder order) {
  std::vector<int> nodes(static_cast<std::size_t>(machine.num_nodes()));
  if (order == AllocationOrder::ids) {
    std::iota(nodes.begin(), nodes.end(), 0);
    return nodes;
  }
  if (machine.grid() == nullptr)
    throw std::invalid_argument("allocation order curve: needs a torus or mesh machine, not a " + machine.kind());
  const std::vector<int> extents = machine.coordinate_extents();
  const int per_router = machine.nodes_per_router();
  nodes.clear();
  std::vector<int> coords(extents.size());
  for (int router : impl::hilbert_order(extents)) {
    int rest = router;  // the curve's cells count dimension 0 fastest, as router coordinates do
    for (std::size_t d = 0; d < extents.size(); ++d) {
      coords[d] = rest % extents[d];
      rest /= extents[d];
    }
    for (int index = 0; index < per_router; ++index) nodes.push_back(machine.node_at(coords, index));
  }
  return nodes;
}

AllocationOrder parse_allocation_order(const std::string& name) {
  if (name == "ids") return AllocationOrder::ids;
  if (name == "curve") return AllocationOrder::curve;
  throw std::invalid_argument("allocation order '" + name + "': expected ids or curve");
}

std::vector<int> sparse_allocation_nodes(const Machine& machine, const SparseAllocationOptions& o) {
  const int total = machine.num_nodes();
  if (o.nodes < 1 || o.nodes > total)
    throw std::invalid_argument("sparse allocation: " + std::to_string(o.nodes) + " nodes on a machine of " +
                                std::to_string(total));
  if (o.chunk < 1) throw std::invalid_argument("sparse allocation: the chunk must be at least 1 node");
  if (!(o.density >= 0 && o.density <= 1))
    throw std::invalid_argument("sparse allocation: the density must be in (0, 1], or 0 for the whole machine");
  const std::vector<int> order = allocation_order(machine, o.order);
  // The stretch of the order the pieces fall in: the whole machine, or nodes / density nodes of it.
  // (min taken in double: a tiny density would overflow an int)
  const int span =
      o.density > 0 ? static_cast<int>(std::min<double>(total, std::ceil(o.nodes / o.density))) : total;
  const int pieces = (o.nodes + o.chunk - 1) / o.chunk;
  const int free_nodes = span - o.nodes;
  // Drawn with the engine's raw output, so the result is the same with every standard library.
  std::mt19937_64 draw(o.seed);
  // The free nodes split into pieces + 1 gaps: choose `pieces` cut points among free_nodes + pieces positions
  // (stars and bars).
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
  // A stretch shorter than the machine starts anywhere (drawn after the gaps, so whole-machine jobs keep the
  // nodes they had before stretches existed).
  const int start = span < total ? static_cast<int>(draw() % static_cast<std::uint64_t>(total)) : 0;
  std::vector<int> nodes;
  nodes.reserve(static_cast<std::size_t>(o.nodes));
  // Piece k starts after the free nodes before cut k: cut k - k of them.
  int placed = 0;
  for (int k = 0; k < pieces; ++k) {
    const int first = static_cast<int>(cuts[static_cast<std::size_t>(k)] - k) + placed;
    const int size = std::min(o.chunk, o.nodes - placed);
    for (int i = 0; i < size; ++i) nodes.push_back(order[static_cast<std::size_t>((start + first + i) % total)]);
    placed += size;
  }
  return nodes;
}

}  // namespace tamp
