// The common command-line options, each declared once in common_options() (flag, label, field, help, checks):
// the same table registers them on CLI11 and prints them. The field's type says how its text is read and
// written (option_values.hpp); its initial value is the default.
#include "tamp/app/options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <ostream>
#include <stdexcept>
#include <type_traits>

#include "option_values.hpp"
#include "tamp/cli/validators.hpp"

namespace tamp::app {
namespace {

// The table. `Table` is a Registrar or a Printer; `Options` is CommonOptions or const CommonOptions.
template <class Table, class Options>
void common_options(Table& t, Options& o) {
  t.option("--mapping", "mapping", o.mapping,
           "Placement: a mapping algorithm NAME or file:PATH (one slot per task)");
  t.option("--compare", "compare", o.compare,
           "Run each placement A,B[,C] in one job and compare them (overrides --mapping)");
  // docs/simulation.md: the hostfile or launcher file of mapping NAME put task t on slot MAPFILE[t] of the
  // --topology synthetic:MACHINE; the app renumbers nothing and reports NAME.
  t.option("--launched-as", "launched", o.launched_as,
           "NAME:MAPFILE: the launcher already put task t on slot MAPFILE[t] (line t) of the --topology "
           "synthetic:MACHINE; no rank renumbering, NAME is reported as the mapping")
      .excludes({"--mapping", "--compare"});
  t.option("--topology", "topology", o.topology,
           "Where the ranks run: synthetic:MACHINEFILE|SPEC (e.g. torus:4x4x4,cores=4), file:MACHINEFILE, "
           "slurm[:TOPOLOGY_CONF], simgrid[:MACHINEFILE], cray, bgq, hwloc, auto")
      .env("TAMP_TOPOLOGY");
  t.option("--backend", "backend", o.backend, "Kernel backend").choices({"openmp", "kokkos"});
  t.option("--json", "json", o.json, "Append one JSON object per run to FILE (JSON Lines)");
  t.option("--seed", "seed", o.map.seed, "Seed of randomised mappings")
      .check(tamp::cli::unsigned_integer());  // CLI11 would read -1 as 2^64 - 1
  t.option("--objective", "objective", o.map.objective, "What auto and refinement minimise")
      .choices({"time", "hop-bytes", "congestion"});
  t.option("--min-gain", "min gain", o.map.min_gain,
           "auto keeps `default` unless its winner scores at least this fraction better (0 to 1)");
  t.option("--step-model-work", "step model work", o.map.step_model_work,
           "auto under --objective time: the flow engine's work for ranking its short list (0: off)")
      .check(tamp::cli::unsigned_integer());
  t.option("--verify", "verify", o.verify, "Check the result against a reference").choices({"on", "off"});
  t.option("--compute-model", "compute", o.compute_model,
           "Compute time: measured (the host's), calibrate (native: measure seconds per unit of each kind) "
           "or KIND=SECONDS_PER_UNIT,... (simulated build: injected, deterministic)");
  t.flag("--skeleton", "skeleton", o.skeleton,
         "Charge the kernels without running them (simulated build, needs a modelled --compute-model)");
  t.option("--engine", "engine", o.engine,
           "mpi: the job's ranks run the app; flow: this one process simulates --ranks ranks with TAMP's "
           "flow engine (modelled --compute-model; nothing computed or verified)")
      .choices({"mpi", "flow"});
  t.option("--ranks", "ranks", o.ranks, "Ranks the flow engine simulates (--engine flow)");
  t.option("--flow-delta", "flow delta", o.flow.delta,
           "Flow engine: max-min rates are solved again at most every max(delta x t, quantum)");
  t.option("--flow-quantum", "flow quantum", o.flow.quantum, "Flow engine: the shortest window, seconds");
  t.option("--flow-changes", "flow changes", o.flow.changes,
           "Flow engine: ... or sooner, once this fraction of the flows in the network started or ended "
           "(delta, quantum and changes 0: exact)");
  t.option("--flow-steps", "flow steps", o.flow_steps,
           "Flow engine: simulate this many of the run's timed steps, each charged as the run's, and scale the "
           "times to every step (0: every step)");
  t.flag("!--no-flow-setup", "flow setup", o.flow_setup,
         "Flow engine: start every task at the warm-up together, without the set-up's collectives (and the "
         "app's untimed steps) that the engine runs before the first barrier by default");
  t.option("--flow-sharing", "flow sharing", o.flow.sharing,
           "Flow engine: latency (SimGrid's rule, the default) or equal shares of a link")
      .choices({"latency", "equal"});
  // What the campaign driver asks for launcher files (docs/measuring-gains.md): the app's own graph, not a
  // copy.
  t.option("--task-graph-for", "graph for", o.task_graph_for,
           "Print the task graph for RANKS ranks as JSON {\"app\", \"graph\": a tamp-map gen spec or null, "
           "\"ranks\"} and exit without running (one process; --topology synthetic:MACHINE)")
      .check(tamp::cli::positive_integer());
  t.flag("--verbose,-v", "verbose", o.verbose, "Print the parsed options");
}

// CLI11 reads numbers and plain text itself (with its own messages); every other type through read_value.
template <class T>
constexpr bool read_by_cli11 =
    (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) || std::is_same_v<T, std::string>;

// Registers the table's options on CLI11.
class Registrar {
 public:
  // What the table may add to an option, applied to it.
  struct Added {
    CLI::Option* option;
    Added& choices(const std::vector<std::string>& words) {
      option->check(CLI::IsMember(words));
      return *this;
    }
    Added& check(const CLI::Validator& validator) {
      option->check(validator);
      return *this;
    }
    Added& env(const char* name) {
      option->envname(name);
      return *this;
    }
    Added& excludes(const std::vector<std::string>& flags) {
      for (const std::string& flag : flags) option->excludes(flag);
      return *this;
    }
  };

  explicit Registrar(CLI::App& cli) : cli_(cli) {}

  template <class T>
  Added option(const std::string& flag, const char* /*label*/, T& field, const std::string& help) {
    CLI::Option* added = nullptr;
    if constexpr (read_by_cli11<T>) {
      added = cli_.add_option(flag, field, help);
    } else {
      added = cli_.add_option_function<std::string>(
          flag, [flag, &field](const std::string& text) { read_named(flag, text, field); }, help);
    }
    const std::string shown = impl::to_text(field);
    if (shown != "-") added->default_str(shown);
    return Added{added};
  }

  Added flag(const std::string& flag, const char* /*label*/, bool& field, const std::string& help) {
    return Added{cli_.add_flag(flag, field, help)};
  }

 private:
  // read_value, its error naming the option (once: some messages name it already).
  template <class T>
  static void read_named(const std::string& flag, const std::string& text, T& field) {
    try {
      impl::read_value(text, field);
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      if (what.rfind(flag, 0) == 0) throw;
      throw std::invalid_argument(flag + ": " + what);
    }
  }

  CLI::App& cli_;
};

// Prints one line per option of the table.
class Printer {
 public:
  // The table's additions change nothing printed.
  struct Ignored {
    Ignored& choices(const std::vector<std::string>&) { return *this; }
    template <class Validator>
    Ignored& check(const Validator&) {
      return *this;
    }
    Ignored& env(const char*) { return *this; }
    Ignored& excludes(const std::vector<std::string>&) { return *this; }
  };

  explicit Printer(std::ostream& os) : os_(os) {}

  template <class T>
  Ignored option(const char*, const char* label, const T& field, const char*) {
    os_ << "  " << label << std::string(label_width - std::min(label_width, std::string(label).size()), ' ')
        << impl::to_text(field) << '\n';
    return {};
  }
  Ignored flag(const char* flag, const char* label, bool field, const char* help) {
    return option(flag, label, field, help);
  }

 private:
  static constexpr std::size_t label_width = 14;
  std::ostream& os_;
};

}  // namespace

MapOptions app_map_options() {
  MapOptions map;
  map.objective = Objective::time;
  map.refine_seconds = 0;
  return map;
}

std::string default_topology_source() {
  const std::string file = std::string(TAMP_SOURCE_DIR) + "/inputs/machines/torus-4x4x4.machine";
  if (std::filesystem::exists(file)) return "synthetic:" + file;
  return "synthetic:torus:4x4x4,cores=4";
}

void add_common_options(CLI::App& cli, CommonOptions& options) {
  if (options.topology.empty()) options.topology = default_topology_source();
  Registrar registrar(cli);
  common_options(registrar, options);
}

std::ostream& operator<<(std::ostream& os, const CommonOptions& options) {
  Printer printer(os);
  common_options(printer, options);
  return os;
}

std::vector<tamp::Placement> placements(const CommonOptions& options) {
  if (options.launched_as) return {options.launched_as->placement};
  return options.compare.empty() ? std::vector<tamp::Placement>{options.mapping} : options.compare;
}

void validate(const CommonOptions& options) {
  check_range(options.map.min_gain, kMinGainRange, "--min-gain");
  if (options.topology.empty()) throw std::invalid_argument("--topology must not be empty");
  const bool flow = options.engine == Engine::flow;
  check_compute_options(options.compute_model, options.skeleton, flow);
  if (flow && options.ranks <= 0) throw std::invalid_argument("--engine flow needs --ranks N (N > 0)");
  if (!flow && options.ranks != 0) throw std::invalid_argument("--ranks is for --engine flow");
  if (options.flow_steps < 0)
    throw std::invalid_argument("--flow-steps: " + std::to_string(options.flow_steps) + " is negative");
  // A deck's arguments for the flow engine also go to its task-graph question, which runs nothing.
  if (!flow && options.flow_steps != 0 && options.task_graph_for == 0)
    throw std::invalid_argument("--flow-steps is for --engine flow");
  if (!flow && !options.flow_setup && options.task_graph_for == 0)
    throw std::invalid_argument("--no-flow-setup is for --engine flow");
  validate(options.flow);
}

}  // namespace tamp::app
