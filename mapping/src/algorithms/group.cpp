// `group`: [Deveci14]'s Group baseline, the rank order MiniGhost's experiments compare against. The task grid is
// cut into blocks of one node's cores and block k (blocks in row order, dimension 0 fastest) goes to the
// allocation's node k, its tasks in row order on that node's cores. The block takes the prime factors of the core
// count, largest first, in the order z, x, y (the last dimension, then the first ones): 16 cores on a 3D grid give
// the paper's 2x2x4.
#include <stdexcept>
#include <string>

#include "tamp/algorithms.hpp"

namespace tamp {

std::vector<int> group_block(const std::vector<int>& dims, int cores) {
  std::vector<int> primes;  // largest first
  int rest = cores;
  for (int p = 2; p * p <= rest; ++p)
    while (rest % p == 0) primes.insert(primes.begin(), p), rest /= p;
  if (rest > 1) primes.insert(primes.begin(), rest);
  const int d = static_cast<int>(dims.size());
  std::vector<int> order{d - 1};  // z, x, y in 3D
  for (int i = 0; i + 1 < d; ++i) order.push_back(i);
  std::vector<int> block(dims.size(), 1);
  int next = 0;
  for (int p : primes) {
    bool placed = false;
    for (int tries = 0; tries < d && !placed; ++tries, ++next) {
      const int k = order[next % d];
      if ((dims[k] / block[k]) % p == 0) block[k] *= p, placed = true;
    }
    if (!placed) {
      std::string grid;
      for (int n : dims) grid += (grid.empty() ? "" : "x") + std::to_string(n);
      throw std::invalid_argument("mapping group: the task grid " + grid + " does not tile into blocks of " +
                                  std::to_string(cores) + " tasks (one node)");
    }
  }
  return block;
}

Mapping map_group(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  if (!graph.grid()) throw std::invalid_argument("mapping group needs a task grid (a stencil pattern)");
  if (!allocation.uniform_cores())
    throw std::invalid_argument("mapping group needs the same number of slots (ranks) on every node");
  if (graph.num_tasks() != allocation.num_slots() || options.max_tasks_per_slot != 1)
    throw std::invalid_argument("mapping group needs one task per slot: " + std::to_string(graph.num_tasks()) +
                                " tasks, " + std::to_string(allocation.num_slots()) + " slots");
  const GridShape& grid = *graph.grid();
  const int cores = allocation.max_cores_per_node();
  const std::vector<int> block = group_block(grid.dims, cores);
  std::vector<int> slot(static_cast<std::size_t>(graph.num_tasks()));
  for (int t = 0; t < graph.num_tasks(); ++t) {
    const std::vector<int> c = grid.coords(t);
    long long block_index = 0, within = 0, blocks_stride = 1, within_stride = 1;
    for (std::size_t k = 0; k < c.size(); ++k) {
      block_index += blocks_stride * (c[k] / block[k]);
      within += within_stride * (c[k] % block[k]);
      blocks_stride *= grid.dims[k] / block[k];
      within_stride *= block[k];
    }
    slot[static_cast<std::size_t>(t)] = static_cast<int>(block_index * cores + within);
  }
  return Mapping(std::move(slot), allocation.num_slots());
}

}  // namespace tamp
