#include "problem.hpp"

#include <filesystem>
#include <stdexcept>

#include "tamp/cli/validators.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/mapping_file.hpp"
#include "tamp/placement.hpp"

namespace tamp::tools {
namespace {

bool is_file(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

}  // namespace

void add_problem_options(CLI::App* cmd, ProblemArgs& args) {
  cmd->add_option("--graph", args.graph, "task graph file (METIS .graph, .edges) or generator spec (stencil3d:...)")
      ->required();
  cmd->add_option("--machine", args.machine, "machine file or inline spec (torus:4x4x4,cores=4)")->required();
  cmd->add_option("--seed", args.seed, "seed of randomised algorithms")
      ->check(cli::unsigned_integer())
      ->capture_default_str();
  cmd->add_option("--objective", args.objective,
                  "hop-bytes, congestion or time (predicted communication time)")
      ->capture_default_str();
  cmd->add_option("--max-tasks-per-slot", args.max_tasks_per_slot, "allow several tasks per slot")
      ->capture_default_str();
  cmd->add_option("--min-gain", args.min_gain,
                  "auto keeps `default` unless its winner scores at least this fraction better (0 to 1)")
      ->capture_default_str();
  cmd->add_option("--step-model-work", args.step_model_work,
                  "auto under --objective time: the flow engine's work for ranking its short list (0: off)")
      ->check(cli::unsigned_integer())
      ->capture_default_str();
  cmd->add_option("--threads", args.threads,
                  "threads for reading graph files, auto's candidates and geom-r's rotations (0: OMP_NUM_THREADS, "
                  "else every core); the graph and the mapping are the same for every count")
      ->check(CLI::Range(0, 4096))
      ->capture_default_str();
}

Problem load_problem(const ProblemArgs& args) {
  MapOptions options = make_map_options(args.seed, args.objective, args.max_tasks_per_slot);
  options.min_gain = check_range(args.min_gain, kMinGainRange, "--min-gain");  // before the (large) inputs
  options.step_model_work = args.step_model_work;
  options.threads = args.threads;
  options.refine_seconds = 0;  // as the apps: the same inputs give the same mapping, whatever the host's load
  Problem p{load_task_graph(args.graph, args.threads), load_machine(args.machine), options, std::nullopt};
  if (!p.graph.grid()) {
    p.pattern = detect_pattern(p.graph);
    if (p.pattern) p.graph.set_grid(p.pattern->grid);
  }
  return p;
}

Mapping load_or_compute_mapping(const std::string& file_or_name, const Problem& p) {
  // A placement (file:PATH or NAME[+STEP...]). Algorithm names hold neither '/' nor '.': such a text, or a path
  // that exists, is a mapping file (a missing one is said to be missing), as it always was.
  const bool path_like = file_or_name.find_first_of("/.") != std::string::npos;
  const bool bare_file = file_or_name.rfind("file:", 0) != 0 &&
                         (is_file(file_or_name) || path_like || std::filesystem::exists(file_or_name));
  const Placement placement = Placement::parse(bare_file ? "file:" + file_or_name : file_or_name);
  const Mapping mapping = placement.is_file()
                              ? read_mapping_file(placement.path(), p.machine.allocation.num_slots())
                              : map_tasks(placement, p.graph, p.machine.allocation, p.options);
  if (mapping.num_tasks() != p.graph.num_tasks())
    throw std::invalid_argument("--mapping: '" + file_or_name + "' places " + std::to_string(mapping.num_tasks()) +
                                " tasks but the graph has " + std::to_string(p.graph.num_tasks()));
  try {
    mapping.validate(p.options.max_tasks_per_slot);
  } catch (const std::invalid_argument& e) {  // name the file or algorithm the bad mapping came from
    throw std::invalid_argument("--mapping '" + file_or_name + "': " + e.what());
  }
  return mapping;
}

}  // namespace tamp::tools
