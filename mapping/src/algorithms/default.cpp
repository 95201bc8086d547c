// `default`: what the launcher does — task t on slot t (block distribution when tasks outnumber slots).
#include "tamp/algorithms.hpp"

namespace tamp {

Mapping map_default(const TaskGraph& graph, const Allocation& allocation, const MapOptions&) {
  const long long tasks = graph.num_tasks(), slots = allocation.num_slots();
  std::vector<int> slot_of_task(tasks);
  for (long long t = 0; t < tasks; ++t)
    slot_of_task[t] = static_cast<int>(tasks <= slots ? t : t * slots / tasks);
  return Mapping(std::move(slot_of_task), allocation.num_slots());
}

}  // namespace tamp
