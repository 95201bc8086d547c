// Scotch's static mapping of a task graph onto a machine, measured by TAMP's evaluate(); one JSON line.
//
//   tamp-scotch-compare --graph G.graph|stencil3d:32x32x16 --machine M.machine|torus:8x8x4,cores=16
//                       [--seed S] [--quality] [--imbalance X]
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "scotch_map.hpp"
#include "tamp/generators.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/metrics.hpp"
#include "tamp/metrics_json.hpp"

extern "C" {
#include <scotch.h>
}

namespace {

tamp::TaskGraph load_graph(const std::string& file_or_spec) {
  if (std::ifstream(file_or_spec).good()) return tamp::read_task_graph(file_or_spec);
  return tamp::generate_graph(file_or_spec);
}

int usage() {
  std::cerr << "usage: tamp-scotch-compare --graph G --machine M [--seed S] [--quality] [--imbalance X]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string graph_arg, machine_arg;
  tamp_scotch::ScotchOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--graph" && has_value) graph_arg = argv[++i];
    else if (arg == "--machine" && has_value) machine_arg = argv[++i];
    else if (arg == "--seed" && has_value) options.seed = std::stoi(argv[++i]);
    else if (arg == "--imbalance" && has_value) options.imbalance = std::stod(argv[++i]);
    else if (arg == "--quality") options.strategy_flags |= SCOTCH_STRATQUALITY;
    else return usage();
  }
  if (graph_arg.empty() || machine_arg.empty()) return usage();
  try {
    const tamp::TaskGraph graph = load_graph(graph_arg);
    const tamp::MachineDescription machine = tamp::load_machine(machine_arg);
    const auto start = std::chrono::steady_clock::now();
    const tamp_scotch::ScotchResult result = tamp_scotch::scotch_map(graph, machine.allocation, options);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const tamp::Metrics metrics = tamp::evaluate(graph, machine.allocation, result.mapping);
    nlohmann::json line{{"algorithm", options.strategy_flags ? "scotch-quality" : "scotch"},
                        {"graph", graph_arg},
                        {"machine", machine_arg},
                        {"architecture", result.architecture},
                        {"tasks", graph.num_tasks()},
                        {"nodes", machine.allocation.num_nodes()},
                        {"overfull_nodes", result.overfull_nodes},
                        {"moved_tasks", result.moved_tasks},
                        {"scotch_ms", result.scotch_seconds * 1e3},
                        {"time_ms", ms},
                        {"metrics", metrics}};
    std::cout << line.dump() << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "tamp-scotch-compare: " << e.what() << "\n";
    return 1;
  }
}
