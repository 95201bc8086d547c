// tamp-replay's command line: the task graph to replay and how many steps.
#pragma once
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace tamp::replay {

struct ReplayOptions {
  std::string
      graph;  // what tamp-map --graph reads: a .graph / .edges file (+ .phases beside it) or a generator spec
  int steps = 10;  // timed steps
  int warmup = 1;  // untimed steps before them
};
std::ostream& operator<<(std::ostream& os, const ReplayOptions& options);
void add_replay_options(CLI::App& cli, ReplayOptions& options);

}  // namespace tamp::replay
