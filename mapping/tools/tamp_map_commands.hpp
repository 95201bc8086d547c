// The verbs of tamp-map: their options and what they do.
#pragma once
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace tamp::tools {

/// What every verb that places tasks needs: a graph and a machine.
struct ProblemArgs {
  std::string graph;    // METIS / edge-list file, or a generator spec (stencil3d:...)
  std::string machine;  // machine file or inline spec (torus:4x4x4,cores=4)
  std::uint64_t seed = 1;
  std::string objective = "hop-bytes";
  int max_tasks_per_slot = 1;
};

struct MapArgs {
  ProblemArgs problem;
  std::string algorithm = "default";
  std::string out;
  std::string format = "slots";
};
struct EvalArgs {
  ProblemArgs problem;
  std::string mapping;  // file, or an algorithm name to run first
  bool json = false;
};
struct GenArgs {
  std::string spec;
  std::string out;
  bool edges = false;
};
struct CompareArgs {
  ProblemArgs problem;
  std::string algorithms = "all";
  bool json = false;
};

void add_map_command(CLI::App& app, MapArgs& args);
void add_eval_command(CLI::App& app, EvalArgs& args);
void add_gen_command(CLI::App& app, GenArgs& args);
void add_compare_command(CLI::App& app, CompareArgs& args);

int run_map(const MapArgs& args);
int run_eval(const EvalArgs& args);
int run_gen(const GenArgs& args);
int run_compare(const CompareArgs& args);

}  // namespace tamp::tools
