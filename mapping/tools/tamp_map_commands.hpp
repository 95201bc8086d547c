// The verbs of tamp-map: their options and what they do.
#pragma once
#include <CLI/CLI.hpp>

#include <string>

#include "problem.hpp"
#include "tamp/flow.hpp"

namespace tamp::tools {

struct MapArgs {
  ProblemArgs problem;
  std::string algorithm = "default";
  std::string out;
  std::string format = "slots";
  bool report = false;  // with auto: what it tried and how each scored
};
struct EvalArgs {
  ProblemArgs problem;
  std::string mapping;  // file, or an algorithm name to run first
  bool json = false;
  int steps = 0;  // > 0: the phases step by step by the flow engine (EvaluateOptions::steps), no computation
  int warmup = 0;
  FlowOptions flow;
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
