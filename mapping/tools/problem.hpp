// What every tamp-map verb that places tasks loads: a graph, a machine and the algorithms' options.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "tamp/io/machine_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/pattern.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::tools {

struct ProblemArgs {
  std::string graph;    // METIS / edge-list file, or a generator spec (stencil3d:...)
  std::string machine;  // machine file or inline spec (torus:4x4x4,cores=4)
  std::uint64_t seed = 1;
  std::string objective = "time";
  int max_tasks_per_slot = 1;
  double min_gain = MapOptions{}.min_gain;
  std::int64_t step_model_work = MapOptions{}.step_model_work;
  int threads = MapOptions{}.threads;
};

struct Problem {
  TaskGraph graph;  // with the detected grid when the file had none
  MachineDescription machine;
  MapOptions options;
  std::optional<GridPattern> pattern;  // the grid detected in a graph that had none (as `auto` detects it)
};

void add_problem_options(CLI::App* cmd, ProblemArgs& args);
/// The graph, the machine and the options. A graph without a task grid (a graph file) gets the grid that
/// detect_pattern finds in it, as `auto` does, so that every algorithm sees the grid `auto` sees.
Problem load_problem(const ProblemArgs& args);
/// A placement (tamp/placement.hpp: file:PATH, or NAME[+STEP...] run on the problem) or the path of a mapping
/// file; checked against both.
Mapping load_or_compute_mapping(const std::string& file_or_name, const Problem& problem);

}  // namespace tamp::tools
