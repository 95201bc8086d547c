// The common command-line options: registration on a CLI11 app, printing, validation.
#include "tamp/app/options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <stdexcept>

#include "tamp/app/backend.hpp"
#include "tamp/app/compute_model.hpp"
#include "tamp/cli/validators.hpp"
#include "tamp/mapper.hpp"
#include "tamp/placement.hpp"
#include "tamp/text.hpp"

namespace tamp::app {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ",") + item;
  return out;
}

}  // namespace

std::string default_topology_source() {
  const std::string file = std::string(TAMP_SOURCE_DIR) + "/inputs/machines/torus-4x4x4.machine";
  if (std::filesystem::exists(file)) return "synthetic:" + file;
  return "synthetic:torus:4x4x4,cores=4";
}

void add_common_options(CLI::App& cli, CommonOptions& options) {
  if (options.topology.empty()) options.topology = default_topology_source();
  CLI::Option* mapping =
      cli.add_option("--mapping", options.mapping,
                     "Placement: a mapping algorithm NAME or file:PATH (one slot per task)")
          ->capture_default_str();
  CLI::Option* compare =
      // Split here, not by CLI11's delimiter, which drops empty entries: "default,,blocked" must be an error.
      cli.add_option_function<std::string>(
          "--compare", [&options](const std::string& list) { options.compare = split(list, ','); },
          "Run each placement A,B[,C] in one job and compare them (overrides --mapping)");
  // Launched as (docs/simulation.md): the hostfile or launcher file of mapping NAME put task t
  // on slot MAPFILE[t] of the --topology synthetic:MACHINE; the app renumbers nothing and reports NAME.
  cli.add_option("--launched-as", options.launched_as,
                 "NAME:MAPFILE: the launcher already put task t on slot MAPFILE[t] (line t) of the "
                 "--topology synthetic:MACHINE; no rank renumbering, NAME is reported as the mapping")
      ->excludes(mapping)
      ->excludes(compare);
  cli.add_option(
         "--topology", options.topology,
         "Where the ranks run: synthetic:MACHINEFILE|SPEC (e.g. torus:4x4x4,cores=4), file:MACHINEFILE, "
         "slurm[:TOPOLOGY_CONF], simgrid[:MACHINEFILE], cray, bgq, hwloc, auto")
      ->envname("TAMP_TOPOLOGY")
      ->capture_default_str();
  cli.add_option("--backend", options.backend, "Kernel backend")
      ->check(CLI::IsMember({"openmp", "kokkos"}))
      ->capture_default_str();
  cli.add_option("--json", options.json, "Append one JSON object per run to FILE (JSON Lines)");
  cli.add_option("--seed", options.seed, "Seed of randomised mappings")
      ->check(tamp::cli::unsigned_integer())  // CLI11 would read -1 as 2^64 - 1
      ->capture_default_str();
  cli.add_option("--objective", options.objective, "What auto and refinement minimise")
      ->check(CLI::IsMember({"time", "hop-bytes", "congestion"}))
      ->capture_default_str();
  cli.add_option("--min-gain", options.min_gain,
                 "auto keeps `default` unless its winner scores at least this fraction better (0 to 1)")
      ->capture_default_str();
  cli.add_option("--verify", options.verify, "Check the result against a reference")
      ->check(CLI::IsMember({"on", "off"}))
      ->default_str("on");
  cli.add_option(
         "--compute-model", options.compute_model,
         "Compute time: measured (the host's), calibrate (native: measure seconds per unit of each kind) "
         "or KIND=SECONDS_PER_UNIT,... (simulated build: injected, deterministic)")
      ->capture_default_str();
  cli.add_flag("--skeleton", options.skeleton,
               "Charge the kernels without running them (simulated build, needs a modelled --compute-model)");
  cli.add_option("--engine", options.engine,
                 "mpi: the job's ranks run the app; flow: this one process simulates --ranks ranks with TAMP's "
                 "flow engine (modelled --compute-model; nothing computed or verified)")
      ->check(CLI::IsMember({"mpi", "flow"}))
      ->capture_default_str();
  cli.add_option("--ranks", options.ranks, "Ranks the flow engine simulates (--engine flow)");
  cli.add_option("--flow-delta", options.flow.delta,
                 "Flow engine: max-min rates are solved again at most every max(delta x t, quantum)")
      ->capture_default_str();
  cli.add_option("--flow-quantum", options.flow.quantum, "Flow engine: the shortest window, seconds")
      ->capture_default_str();
  cli.add_option("--flow-changes", options.flow.changes,
                 "Flow engine: ... or sooner, once this fraction of the flows in the network started or ended "
                 "(delta, quantum and changes 0: exact)")
      ->capture_default_str();
  cli.add_option_function<std::string>(
         "--flow-sharing", [&options](const std::string& name) { options.flow.sharing = parse_flow_sharing(name); },
         "Flow engine: latency (SimGrid's rule, the default) or equal shares of a link")
      ->check(CLI::IsMember({"latency", "equal"}));
  cli.add_flag("--verbose,-v", options.verbose, "Print the parsed options");
}

std::ostream& operator<<(std::ostream& os, const CommonOptions& options) {
  os << "  mapping    " << options.mapping << '\n';
  os << "  compare    " << (options.compare.empty() ? "-" : join(options.compare)) << '\n';
  os << "  topology   " << options.topology << '\n';
  os << "  backend    " << options.backend << '\n';
  os << "  json       " << (options.json.empty() ? "-" : options.json) << '\n';
  os << "  seed       " << options.seed << '\n';
  os << "  objective  " << options.objective << '\n';
  os << "  min gain   " << options.min_gain << '\n';
  os << "  verify     " << (options.verify ? "on" : "off") << '\n';
  os << "  compute    " << options.compute_model << (options.skeleton ? " (skeleton)" : "") << '\n';
  os << "  launched   " << (options.launched_as.empty() ? "-" : options.launched_as) << '\n';
  os << "  engine     " << options.engine;
  if (options.engine == "flow") os << " (" << options.ranks << " ranks, " << options.flow << ")";
  os << '\n';
  return os;
}

std::pair<std::string, std::string> split_launched_as(const std::string& value) {
  const std::size_t colon = value.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == value.size()) {
    throw std::invalid_argument("--launched-as '" + value + "': expected NAME:MAPFILE (e.g. auto:run.map)");
  }
  return {value.substr(0, colon), value.substr(colon + 1)};
}

std::vector<std::string> placements(const CommonOptions& options) {
  if (!options.launched_as.empty()) return {split_launched_as(options.launched_as).first};
  return options.compare.empty() ? std::vector<std::string>{options.mapping} : options.compare;
}

MapOptions map_options(const CommonOptions& options) {
  MapOptions map = make_map_options(options.seed, options.objective);
  map.min_gain = options.min_gain;
  // Every rank computes the mapping on its own: only the deterministic work bounds of `refine` may apply,
  // never a wall-clock cap that could fire on some ranks and not on others.
  map.refine_seconds = 0;
  return map;
}

void validate(const CommonOptions& options) {
  for (const auto& spec : placements(options)) {
    // The syntax only: names are checked once the problem is built (check_mapping_names), since apps add
    // orderings of their own.
    if (spec.empty() && !options.compare.empty())
      throw std::invalid_argument("--compare: an empty entry (names, comma-separated)");
    // The campaign refuses the same: a placement listed twice would be run and reported twice.
    if (std::count(options.compare.begin(), options.compare.end(), spec) > 1)
      throw std::invalid_argument("--compare: lists " + spec + " twice");
    try {
      tamp::Placement::parse(spec);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("--mapping ") + e.what());
    }
  }
  check_range(options.min_gain, kMinGainRange, "--min-gain");
  parse_backend(options.backend);
  parse_objective(options.objective);
  if (options.topology.empty()) throw std::invalid_argument("--topology must not be empty");
  const bool flow = options.engine == "flow";
  check_compute_options(ComputeModel::parse(options.compute_model), options.skeleton, flow);
  if (flow && options.ranks <= 0) throw std::invalid_argument("--engine flow needs --ranks N (N > 0)");
  if (!flow && options.ranks != 0) throw std::invalid_argument("--ranks is for --engine flow");
  validate(options.flow);
  if (!options.launched_as.empty()) split_launched_as(options.launched_as);
}

}  // namespace tamp::app
