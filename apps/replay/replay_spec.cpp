#include "replay_spec.hpp"

#include <CLI/CLI.hpp>
#include <limits>
#include <ostream>

namespace tamp::replay {

std::ostream& operator<<(std::ostream& os, const ReplayOptions& o) {
  return os << "  graph   " << o.graph << "\n  steps   " << o.steps << "\n  warmup  " << o.warmup << "\n";
}

void add_replay_options(CLI::App& cli, ReplayOptions& o) {
  cli.add_option("--graph", o.graph,
                 "task graph: METIS .graph or .edges file (with .phases beside it) or a generator spec "
                 "(stencil3d:8x8x4, mfdn:..., as tamp-map --graph)")
      ->required();
  // --iterations too: the name every other app gives its timed loop (campaign decks, scripts).
  cli.add_option("--steps,--iterations", o.steps, "Timed steps (every phase of the graph once per step)")
      ->check(CLI::Range(1, std::numeric_limits<int>::max()))
      ->capture_default_str();
  cli.add_option("--warmup", o.warmup, "Untimed steps before the timed loop")
      ->check(CLI::Range(0, std::numeric_limits<int>::max()))
      ->capture_default_str();
}

}  // namespace tamp::replay
