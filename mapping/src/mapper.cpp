// The registry: every algorithm by name, and the one entry point that runs and validates them.
#include "tamp/mapper.hpp"

#include <ostream>
#include <stdexcept>
#include <string>

#include "algorithms/impl/families.hpp"
#include "tamp/algorithms.hpp"
#include "tamp/error.hpp"
#include "tamp/placement.hpp"

namespace tamp {

Objective parse_objective(std::string_view name) {
  if (name == "hop-bytes") return Objective::hop_bytes;
  if (name == "congestion") return Objective::congestion;
  if (name == "time") return Objective::time;
  throw std::invalid_argument("unknown objective '" + std::string(name) +
                              "' (known: hop-bytes, congestion, time)");
}

std::string_view to_string(Objective objective) {
  switch (objective) {
    case Objective::congestion:
      return "congestion";
    case Objective::time:
      return "time";
    default:
      return "hop-bytes";
  }
}

std::ostream& operator<<(std::ostream& os, const MapOptions& options) {
  return os << "seed=" << options.seed << " objective=" << to_string(options.objective)
            << " max_tasks_per_slot=" << options.max_tasks_per_slot << " min_gain=" << options.min_gain
            << " refine_passes=" << options.refine_passes << " refine_work=" << options.refine_work
            << " refine_seconds=" << options.refine_seconds << " step_model_work=" << options.step_model_work
            << " threads=" << options.threads;
}

MapOptions make_map_options(std::uint64_t seed, std::string_view objective, int max_tasks_per_slot) {
  MapOptions options;
  options.seed = seed;
  options.objective = parse_objective(objective);
  options.max_tasks_per_slot = max_tasks_per_slot;
  return options;
}

void validate(const MapOptions& options) {
  require(options.max_tasks_per_slot >= 1, "max_tasks_per_slot must be at least 1");
  check_range(options.min_gain, kMinGainRange, "min_gain");
  check_range(options.refine_seconds, kRefineSecondsRange, "refine_seconds");
  require(options.step_model_work >= 0, "step_model_work must be 0 (off) or positive");
  require(options.threads >= 0, "threads must be 0 (automatic) or positive");
}

const std::vector<MapperInfo>& mapper_registry() {
  static const std::vector<MapperInfo> registry = [] {
    std::vector<MapperInfo> all = {
        {"default", "task t on slot t (the launcher's order)", map_default},
        {"random", "a seeded random permutation of the slots", map_random},
        {"round-robin", "task t on node t mod N (cyclic over nodes)", map_round_robin},
        {"blocked", "node-sized blocks of the task grid, placed on nodes by recursive bisection", map_blocked},
        {"group", "[Deveci14]'s Group: node-sized blocks of the task grid (2x2x4 for 16 cores), block k on node k",
         map_group},
    };
    for (auto family : {impl::regular_mappers, impl::irregular_mappers, impl::geometric_mappers,
                        impl::composite_mappers}) {
      for (const MapperInfo& info : family()) all.push_back(info);
    }
    return all;
  }();
  return registry;
}

const std::vector<RefinerInfo>& refiner_registry() {
  static const std::vector<RefinerInfo> registry = impl::refiners();
  return registry;
}

namespace {

template <class Info>
const Info& find_by_name(const std::vector<Info>& registry, std::string_view name, const char* what) {
  std::string known;
  for (const auto& info : registry) {
    if (info.name == name) return info;
    known += (known.empty() ? "" : ", ") + std::string(info.name);
  }
  throw std::invalid_argument("unknown " + std::string(what) + " '" + std::string(name) + "' (known: " + known +
                              ")");
}

}  // namespace

const MapperInfo& find_mapper(std::string_view name) { return find_by_name(mapper_registry(), name, "mapping"); }

const RefinerInfo& find_refiner(std::string_view name) {
  return find_by_name(refiner_registry(), name, "post-processing step");
}

namespace {

// NAME[+STEP...] of the registry, checked; a file is not an algorithm ("unknown mapping 'file:...'").
void check_registry_placement(const Placement& placement) {
  if (placement.is_file()) find_mapper(placement.str());
  placement.check();
}

}  // namespace

void check_mapping_name(std::string_view full_name) {
  check_registry_placement(Placement::parse(full_name));
}

Mapping map_tasks(std::string_view full_name, const TaskGraph& graph, const Allocation& allocation,
                  const MapOptions& options) {
  return map_tasks(Placement::parse(full_name), graph, allocation, options);
}

Mapping map_tasks(const Placement& placement, const TaskGraph& graph, const Allocation& allocation,
                  const MapOptions& options) {
  check_registry_placement(placement);
  const MapperInfo& info = find_mapper(placement.name());
  validate(options);
  const long long capacity = static_cast<long long>(allocation.num_slots()) * options.max_tasks_per_slot;
  if (graph.num_tasks() > capacity) {
    throw std::invalid_argument(std::to_string(graph.num_tasks()) + " tasks do not fit on " +
                                std::to_string(allocation.num_slots()) + " slots with at most " +
                                std::to_string(options.max_tasks_per_slot) + " task(s) per slot");
  }
  Mapping mapping = placement.apply_steps(graph, allocation, options, info.fn(graph, allocation, options));
  require(mapping.num_tasks() == graph.num_tasks() && mapping.num_slots() == allocation.num_slots(),
          "mapping '" + placement.str() + "' returned a mapping of the wrong size");
  mapping.validate(options.max_tasks_per_slot);
  return mapping;
}

}  // namespace tamp
