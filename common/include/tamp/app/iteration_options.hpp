// --iterations and --warmup, registered the same way by every app. Header-only and MPI-free, so that tools
// which read an app's options without running it (tamp-mesh-graph) share it.
#pragma once
#include <CLI/CLI.hpp>
#include <limits>
#include <string>

namespace tamp::app {

/// Registers --iterations (timed, 1..max) and --warmup (untimed, 0..max), bound to the given counts; the help
/// texts say what one iteration of the app is.
inline void add_iteration_options(CLI::App& cli, int& iterations, int& warmup, const std::string& timed_help,
                                  const std::string& warmup_help, int max = std::numeric_limits<int>::max()) {
  cli.add_option("--iterations", iterations, timed_help)->check(CLI::Range(1, max))->capture_default_str();
  cli.add_option("--warmup", warmup, warmup_help)->check(CLI::Range(0, max))->capture_default_str();
}

}  // namespace tamp::app
