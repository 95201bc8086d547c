// The communication phases of a benchmark, as tasks talking to tasks: task t is the rank on job slot t under
// the `default` placement, so the pairings below are those of [Bhatele10] ch. 4-5 on the job's machine; other
// placements move the same tasks elsewhere.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "netbench_spec.hpp"
#include "tamp/allocation.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::netbench {

/// How the tasks of a phase exchange their messages (the run's protocols, netbench_run.cpp).
enum class Protocol {
  ping_pong,  // Alg. 4.1: the master ping-pongs with every other task in turn
  pairs,      // Alg. 4.2: all pairs at once; the lower task sends its messages, then receives as many
  pattern,  // §5.1: every task sends to its targets and receives from its sources at once, between barriers
};

struct Phase {
  std::string name;  // "wocon", "nn", "rnd", "1 hop", "near", "near+3+6"
  Protocol protocol = Protocol::pairs;
  int master = 0;                         // ping_pong
  std::vector<int> partner;               // pairs: partner of each task, -1 when idle
  std::vector<std::vector<int>> targets;  // pattern: the tasks each task sends to
};

/// The phases of spec.benchmark on `job` (num_slots() tasks). Throws std::invalid_argument when the machine
/// cannot hold the benchmark (no torus for nn / equidistant / dilation, odd rings, missing nodes, ...).
std::vector<Phase> make_phases(const NetbenchSpec& spec, const Allocation& job, std::uint64_t seed);

/// The sources of each task of a pattern phase (the inverse of targets), in increasing task order.
std::vector<std::vector<int>> sources_of(const Phase& phase);

/// The bytes of one pass over every phase and size (what the harness's mappers place).
TaskGraph make_graph(const std::vector<Phase>& phases, int tasks, const std::vector<std::int64_t>& sizes,
                     int messages);

/// Messages of one phase as (src, dst) pairs, one per message stream of one size.
std::vector<Edge> phase_edges(const Phase& phase, int tasks);

}  // namespace tamp::netbench
