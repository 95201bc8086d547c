// The mapping algorithms behind one interface, found by name.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/error.hpp"
#include "tamp/mapping.hpp"
#include "tamp/task_graph.hpp"

namespace tamp {

struct EvaluateOptions;

/// What `auto` and refinement minimise: hop-bytes; max congestion (then hop-bytes); or the predicted
/// communication time of evaluate() (then hop-bytes).
enum class Objective { hop_bytes, congestion, time };
Objective parse_objective(std::string_view name);  // throws std::invalid_argument
std::string_view to_string(Objective objective);

struct MapOptions {
  std::uint64_t seed = 1;                      // for randomised algorithms; same seed, same mapping
  Objective objective = Objective::hop_bytes;  // what `auto` and refinement minimise
  int max_tasks_per_slot = 1;                  // > 1 allows more tasks than slots
  // `auto` keeps the launcher's placement (`default`) unless its winner scores at least this fraction better:
  // a predicted gain within the model's error is no gain (tamp-fft on 4,096 ranks: a placement predicted 0.2%
  // faster ran 3.5% slower; docs/algorithms/composite.md, `auto` step 6).
  double min_gain = 0.02;
  // `refine` (post-processing step): the passes and the work are the deterministic bounds; the wall-clock cap is a
  // safety net a caller may set (when it stops a run, the result depends on the speed and load of the machine, and
  // ranks mapping on their own could disagree), off by default.
  int refine_passes = 8;                       // passes over the tasks at most
  std::int64_t refine_work = 10000000;         // edge visits at most, over all passes (~0.3 s)
  double refine_seconds = 0;                   // wall-clock safety cap, s; 0: none
  // `auto` under Objective::time ranks its short list with the flow engine's step (the model that ranks
  // placements as the simulator does), within this much of the engine's work (FlowTimes::work, route entries
  // visited: a few times 1e7 a second); 0: the phases added up decide alone.
  std::int64_t step_model_work = 100000000;
  // What the tasks compute in that step (EvaluateOptions' hidden_compute, step_compute, before_compute; the apps
  // give their work under a modelled compute model); null: the network alone.
  std::shared_ptr<const EvaluateOptions> step_work;
  // Threads for the searches that try many placements (`auto`'s candidates and refinements, geom-r's rotations):
  // 0 takes OMP_NUM_THREADS when set, else the machine's cores. The mapping is the same for every count.
  int threads = 0;
};
/// The ranges of validate(): min_gain is a fraction; refine_seconds at most about 11 days.
inline constexpr ValueRange kMinGainRange{0, 1, ""};
inline constexpr ValueRange kRefineSecondsRange{0, 1e6, "s"};
/// Throws std::invalid_argument unless max_tasks_per_slot >= 1 and min_gain and refine_seconds are in their
/// ranges (check_range: NaN is refused, which `auto` would otherwise read as "keep default") and
/// step_model_work and threads are not negative. map_tasks() and
/// map_auto() call it first.
void validate(const MapOptions& options);
std::ostream& operator<<(std::ostream& os, const MapOptions& options);
/// The options of a command line (an app's, tamp-map's): seed, objective by name (parse_objective), tasks per
/// slot; the refinement bounds at their defaults.
MapOptions make_map_options(std::uint64_t seed, std::string_view objective, int max_tasks_per_slot = 1);

using MapperFn = Mapping (*)(const TaskGraph&, const Allocation&, const MapOptions&);

struct MapperInfo {
  std::string_view name;
  std::string_view summary;
  MapperFn fn;
};

/// A post-processing step applied after an algorithm: `geom-rs+refine` runs geom-rs, then refine on its result.
using RefinerFn = Mapping (*)(const TaskGraph&, const Allocation&, const MapOptions&, Mapping initial);

struct RefinerInfo {
  std::string_view name;
  std::string_view summary;
  RefinerFn fn;
};

/// Every algorithm, in the order `tamp-map compare` lists them.
const std::vector<MapperInfo>& mapper_registry();
/// Every post-processing step (`refine`, ...).
const std::vector<RefinerInfo>& refiner_registry();
/// Throws std::invalid_argument("unknown mapping 'x' (known: ...)").
const MapperInfo& find_mapper(std::string_view name);
/// Throws std::invalid_argument("unknown post-processing step 'x' (known: ...)").
const RefinerInfo& find_refiner(std::string_view name);
/// Throws std::invalid_argument unless `full_name` ("NAME" or "NAME+STEP...") names known algorithm and steps
/// (tamp/placement.hpp has the whole grammar).
void check_mapping_name(std::string_view full_name);
/// Runs the named algorithm — "NAME" or "NAME+STEP[+STEP...]" with post-processing steps — and validates its
/// result. Throws std::invalid_argument on options out of range (validate).
Mapping map_tasks(std::string_view name, const TaskGraph& graph, const Allocation& allocation,
                  const MapOptions& options = {});

}  // namespace tamp
