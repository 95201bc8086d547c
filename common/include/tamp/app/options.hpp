// Command-line options of every app (docs/user-guide.md), parsed and validated once into typed values: the
// placements as tamp::Placement, the backend, the mapper options, the compute model. Nothing after option
// parsing reads their text again. The table of common_option_table.hpp declares each option once.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tamp/app/backend.hpp"
#include "tamp/app/compute_model.hpp"
#include "tamp/flow.hpp"
#include "tamp/mapper.hpp"
#include "tamp/placement.hpp"

namespace CLI {
class App;
}

namespace tamp::app {

/// --launched-as NAME:MAPFILE: the launcher already put task t on slot MAPFILE[t]; NAME is reported.
struct LaunchedAs {
  tamp::Placement placement;
  std::string map_file;
};

/// mpi: the job's ranks run the app. flow: this one process simulates --ranks ranks with the flow engine
/// (docs/simulation.md, "The flow engine"): modelled compute, nothing computed, nothing verified.
enum class Engine { mpi, flow };

/// The mapper options of an app before --seed, --objective and --min-gain: objective `time`, and no
/// wall-clock cap on `refine` (a cap that fires depends on the host's speed: the same options must give the
/// same slots).
MapOptions app_map_options();

struct CommonOptions {
  tamp::Placement mapping = tamp::Placement::parse("default");  // --mapping NAME|file:PATH
  std::vector<tamp::Placement> compare;  // several placements in one job; overrides `mapping` when given
  std::string topology;                  // SOURCE; default_topology_source() when empty
  Backend backend = Backend::openmp;
  std::string json;                       // append one JSON line per run to this file
  MapOptions map = app_map_options();     // --seed, --objective, --min-gain
  bool verify = true;                     // --verify on|off
  ComputeModel compute_model;             // measured | calibrate | KIND=SECONDS_PER_UNIT,...
  bool skeleton = false;                  // kernels charged, not run (simulated build, modelled compute)
  std::optional<LaunchedAs> launched_as;  // no rank renumbering: the launcher placed the tasks
  bool verbose = false;
  Engine engine = Engine::mpi;
  int ranks = 0;  // the ranks the flow engine simulates
  FlowOptions flow;
  // > 0: the flow engine simulates this many of the run's timed steps, each charged as the run's, and the
  // run's times are theirs scaled to every step (docs/simulation.md, "The flow engine")
  int flow_steps = 0;
  // The flow engine runs the set-up before the first barrier, as SimGrid does (--no-flow-setup: every task
  // starts the warm-up at once)
  bool flow_setup = true;
  int task_graph_for = 0;  // > 0: print the task graph for this many ranks and run nothing
};
/// One line per option, as the table declares them.
std::ostream& operator<<(std::ostream& os, const CommonOptions& options);

/// Registers every common option (--mapping, --compare, --launched-as, --topology with $TAMP_TOPOLOGY,
/// --backend, --json, --seed, --objective, --min-gain, --verify, --compute-model, --skeleton, --engine,
/// --ranks, --flow-*, --task-graph-for, --verbose) on `cli`, each parsed into its typed field of `options` as
/// CLI11 reads it. A value that does not parse throws std::invalid_argument naming the option.
void add_common_options(CLI::App& cli, CommonOptions& options);

/// The placements to run, in order: that of --launched-as, else `compare` when given, else {mapping}.
std::vector<tamp::Placement> placements(const CommonOptions& options);
/// Checks what parsing one option alone cannot (options that go together: compute model, skeleton, engine and
/// ranks; value ranges); throws std::invalid_argument naming the option. Needs no MPI: every rank reaches the
/// same verdict. Placement names are checked against the module's registry and the app's own orderings by
/// check_mapping_names() (tamp/app/problem.hpp) once the problem is built.
void validate(const CommonOptions& options);

/// The synthetic machine used when neither --topology nor $TAMP_TOPOLOGY is given: the 4x4x4 torus file of
/// the source tree, or the same machine given inline when that file is not there (an installed binary).
std::string default_topology_source();

}  // namespace tamp::app
