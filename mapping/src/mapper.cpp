// The registry: every algorithm by name, and the one entry point that runs and validates them.
#include "tamp/mapper.hpp"

#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/algorithms.hpp"
#include "tamp/error.hpp"

namespace tamp {

Objective parse_objective(std::string_view name) {
  if (name == "hop-bytes") return Objective::hop_bytes;
  if (name == "congestion") return Objective::congestion;
  throw std::invalid_argument("unknown objective '" + std::string(name) + "' (known: hop-bytes, congestion)");
}

std::string_view to_string(Objective objective) {
  return objective == Objective::hop_bytes ? "hop-bytes" : "congestion";
}

std::ostream& operator<<(std::ostream& os, const MapOptions& options) {
  return os << "seed=" << options.seed << " objective=" << to_string(options.objective)
            << " max_tasks_per_slot=" << options.max_tasks_per_slot;
}

const std::vector<MapperInfo>& mapper_registry() {
  static const std::vector<MapperInfo> registry = {
      {"default", "task t on slot t (the launcher's order)", map_default},
      {"random", "a seeded random permutation of the slots", map_random},
      {"round-robin", "task t on node t mod N (cyclic over nodes)", map_round_robin},
      {"blocked", "node-sized blocks of the task grid, placed on nodes by recursive bisection", map_blocked},
  };
  return registry;
}

const MapperInfo& find_mapper(std::string_view name) {
  std::string known;
  for (const auto& info : mapper_registry()) {
    if (info.name == name) return info;
    known += (known.empty() ? "" : ", ") + std::string(info.name);
  }
  throw std::invalid_argument("unknown mapping '" + std::string(name) + "' (known: " + known + ")");
}

Mapping map_tasks(std::string_view name, const TaskGraph& graph, const Allocation& allocation,
                  const MapOptions& options) {
  const MapperInfo& info = find_mapper(name);
  require(options.max_tasks_per_slot >= 1, "max_tasks_per_slot must be at least 1");
  const long long capacity = static_cast<long long>(allocation.num_slots()) * options.max_tasks_per_slot;
  if (graph.num_tasks() > capacity) {
    throw std::invalid_argument(std::to_string(graph.num_tasks()) + " tasks do not fit on " +
                                std::to_string(allocation.num_slots()) + " slots with at most " +
                                std::to_string(options.max_tasks_per_slot) + " task(s) per slot");
  }
  Mapping mapping = info.fn(graph, allocation, options);
  require(mapping.num_tasks() == graph.num_tasks() && mapping.num_slots() == allocation.num_slots(),
          "mapping '" + std::string(name) + "' returned a mapping of the wrong size");
  mapping.validate(options.max_tasks_per_slot);
  return mapping;
}

}  // namespace tamp
