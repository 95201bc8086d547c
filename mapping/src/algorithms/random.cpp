// `random`: a seeded random placement, the pessimistic baseline (about half the diameter in hops per byte).
#include "algorithms/impl/random.hpp"
#include "tamp/algorithms.hpp"

namespace tamp {

Mapping map_random(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options) {
  // Each slot appears as often as it may hold tasks; the first num_tasks entries of the shuffle are used.
  std::vector<int> pool;
  pool.reserve(static_cast<size_t>(allocation.num_slots()) * options.max_tasks_per_slot);
  for (int copy = 0; copy < options.max_tasks_per_slot; ++copy)
    for (int s = 0; s < allocation.num_slots(); ++s) pool.push_back(s);
  impl::portable_shuffle(pool, options.seed);
  pool.resize(graph.num_tasks());
  return Mapping(std::move(pool), allocation.num_slots());
}

}  // namespace tamp
