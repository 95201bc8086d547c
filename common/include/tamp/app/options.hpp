// Command-line options of every app (docs/user-guide.md): mapping, comparison, topology, backend, report.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "tamp/flow.hpp"
#include "tamp/mapper.hpp"

namespace CLI {
class App;
}

namespace tamp::app {

struct CommonOptions {
  std::string mapping = "default";      // NAME (registry) or file:PATH
  std::vector<std::string> compare;     // several placements in one job; overrides `mapping` when given
  std::string topology;                 // SOURCE; default_topology_source() when empty
  std::string backend = "openmp";       // openmp | kokkos
  std::string json;                     // append one JSON line per run to this file
  std::uint64_t seed = 1;               // seed of randomised mappings
  std::string objective = "time";  // what `auto` and refinement minimise: time | hop-bytes | congestion
  double min_gain = MapOptions{}.min_gain;  // `auto` keeps `default` unless its winner is this much better
  bool verify = true;                   // --verify on|off
  std::string compute_model =
      "measured";         // measured | calibrate | KIND=SECONDS_PER_UNIT,... (compute_model.hpp)
  bool skeleton = false;  // kernels charged, not run (simulated build, modelled compute)
  std::string launched_as;              // NAME:MAPFILE: the launcher put task t on slot MAPFILE[t] already
  bool verbose = false;
  // mpi: the job's ranks run the app. flow: this one process simulates `ranks` ranks with the flow engine
  // (docs/simulation.md, "The flow engine"): modelled compute, nothing computed, nothing verified.
  std::string engine = "mpi";
  int ranks = 0;
  FlowOptions flow;
};
std::ostream& operator<<(std::ostream& os, const CommonOptions& options);

/// Registers --mapping, --compare, --topology (default from $TAMP_TOPOLOGY), --backend, --json, --seed,
/// --objective, --min-gain, --verify, --compute-model, --skeleton, --engine, --ranks, --flow-delta,
/// --flow-quantum, --verbose on `cli`, bound to `options`.
void add_common_options(CLI::App& cli, CommonOptions& options);

/// --launched-as NAME:MAPFILE split at the first colon; throws std::invalid_argument when a part is missing.
std::pair<std::string, std::string> split_launched_as(const std::string& value);

/// The mapping specs to run, in order: NAME of --launched-as, else `compare` when given, else {mapping}.
std::vector<std::string> placements(const CommonOptions& options);
/// The mapper options the specs run with.
MapOptions map_options(const CommonOptions& options);
/// Checks values that parsing alone cannot (file: specs, backend availability, objective, compute model);
/// throws std::invalid_argument. Needs no MPI: every rank reaches the same verdict. Mapping names are checked
/// against the module's registry and the app's own orderings by check_mapping_names() (tamp/app/app.hpp).
void validate(const CommonOptions& options);

/// The synthetic machine used when neither --topology nor $TAMP_TOPOLOGY is given: the 4x4x4 torus file of
/// the source tree, or the same machine given inline when that file is not there (an installed binary).
std::string default_topology_source();

}  // namespace tamp::app
