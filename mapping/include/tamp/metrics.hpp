// How good a placement is: hop-bytes, dilation, link loads ([Bhatele10] Eq. 5.1/5.2, [Aktulga12] Eq. 1-3).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/flow.hpp"
#include "tamp/mapping.hpp"
#include "tamp/task_graph.hpp"

namespace tamp {

/// The predicted time of one phase (one occurrence): the larger of two lower bounds, the last message to land and
/// the busiest network resource (docs/mapping.md, "Predicted communication time").
struct PhaseMetrics {
  std::string name;
  PhaseKind kind = PhaseKind::p2p;
  double count = 1;  // occurrences per iteration
  std::int64_t messages = 0;
  double bytes = 0;
  double max_link_load = 0;   // bytes on the busiest network link in this phase
  double link_time = 0;       // max over links of load / bandwidth
  double injection_time = 0;  // max over nodes of off-node bytes sent, or received, / injection bandwidth
  double loopback_time = 0;   // max over nodes of on-node bytes / loopback bandwidth
  double latency_time = 0;    // last first byte to land: k-th message of a task leaves after k overheads
  double message_time = 0;    // last message to land whole: latency_time's term plus its own size / bandwidth
  double resource_time = 0;   // one overhead + the shortest off-node latency + max(link_time, injection_time)
  double network_time = 0;    // max(message_time, resource_time), seconds
  // What the phase costs the slowest task: network_time, or with hidden computation (EvaluateOptions) the most
  // a task spends posting and waiting once its computation is done.
  double predicted_time = 0;
};

struct Metrics {
  std::int64_t messages = 0;       // edges of the task graph
  double total_bytes = 0;          // sum of b_i
  double hop_bytes = 0;            // sum of d_i * b_i ([Bhatele10] Eq. 5.1)
  double hops_per_byte = 0;        // hop_bytes / total_bytes
  double avg_dilation = 0;         // sum of d_i / messages ([Aktulga12] Eq. 1)
  int max_dilation = 0;            // max of d_i ([Bhatele10] Eq. 5.2)
  double max_link_load = 0;        // bytes on the busiest link
  double mean_link_load = 0;       // total link bytes / links of the machine ([Aktulga12] Eq. 3, in bytes)
  double max_congestion = 0;       // max over links of load / relative capacity
  double offnode_fraction = 0;     // share of bytes whose endpoints are on different nodes
  // sum of b_i x the machine's declared distance of the levels apart (Machine::level_distances: KaHIP's and
  // SharedMap's objective J, on-node messages included); none when the machine declares no distances.
  std::optional<double> level_cost;
  std::vector<double> hop_bytes_per_class;  // hop-bytes carried by links of each dimension / level
  // Predicted communication time per iteration (seconds): sum over phases of count x phase time; computed
  // with the link loads (EvaluateOptions::link_loads), from the machine's NetworkParameters. A graph without
  // phases is one p2p phase "all".
  double predicted_comm_time = 0;
  // The same sum of network_time: equal to predicted_comm_time without hidden computation.
  double predicted_network_time = 0;
  std::vector<PhaseMetrics> phases;
  // With EvaluateOptions::steps > 0: what the flow engine measured (per task, per step); predicted_comm_time
  // is then the most any task spent posting and waiting, per step.
  FlowTimes flow;
};
std::ostream& operator<<(std::ostream& os, const Metrics& m);

/// The collectives of an app's set-up that precede its first barrier (common/src/reorder.cpp), as the MPI
/// library of the simulated runs (SimGrid 3.32's SMPI) runs them. `ranks`: how the app got its ranks' order;
/// `calls`: what the app's start then does on the tasks' communicator, in order.
struct SetupModel {
  enum class Ranks : std::uint8_t {
    none,       // no set-up modelled
    adopted,    // --launched-as: an agreement on world, then MPI_Comm_dup
    reordered,  // --mapping: an agreement on world, the mapping's MPI_Bcast, MPI_Comm_split, an agreement on
                // world
  };
  /// One collective call on the tasks' communicator: an agreement on failure (one MPI_Allreduce of an int:
  /// app::collectively); an MPI_Comm_split (the tasks of one color, ordered by key: one of each per task); an
  /// MPI_Bcast of `bytes` from task 0; or one untimed step of the app (its phases and compute, as a warmup
  /// step).
  struct Call {
    enum class Kind : std::uint8_t { agreement, split, bcast, step };
    Kind kind = Kind::agreement;
    std::vector<int> color, key;
    double bytes = 0;
  };
  Ranks ranks = Ranks::none;
  std::vector<Call> calls;
};

struct EvaluateOptions {
  bool link_loads =
      true;  // route every message (O(edges x path length)); off: distances only, no predicted time
  // Seconds of computation each task runs between posting the messages of a point-to-point phase and waiting
  // for its own (an interior sweep while the halo travels), per occurrence; empty: none. The predicted time of
  // such a phase is then what stays exposed (docs/mapping.md). Collectives hide nothing.
  std::vector<double> hidden_compute;
  // Steps > 0: the graph's phases (whole counts) are predicted as `steps` steps, each task on its own clock, so
  // that a task that computes longer delays its neighbours and a task whose round of a collective is done goes
  // on (docs/mapping.md, "Step by step"); step_compute: the seconds each task computes after the step's last
  // phase (empty: none). 0: the phases' times added up.
  std::vector<double> step_compute;
  // With steps > 0: seconds each task computes before each call of a phase (a point-to-point phase by its name,
  // a collective by NAME of its rounds NAME/r0, NAME/r1, ...), e.g. the local sum before each grid sum; one
  // value per task. Names the graph does not have are refused.
  std::map<std::string, std::vector<double>> before_compute;
  int steps = 0;
  // With steps > 0: untimed steps first (the app's warmup), then, with `barrier`, the MPI_Barrier the apps run
  // on the tasks' communicator before their timed loop (barrier_ompi()), which sets when each task starts it;
  // with a warmup, the apps' barrier before it too.
  int warmup = 0;
  bool barrier = false;
  // With `barrier`: the apps' set-up, run before the first barrier from a common start, so that each task
  // reaches it when the set-up's collectives let it go (docs/simulation.md, "The set-up before the first
  // barrier"). Empty: every task reaches it at once.
  SetupModel setup;
  // With steps > 0: how often the flows' max-min fair rates are solved again (tamp/flow.hpp).
  FlowOptions flow;
};

/// Metrics of running `graph` with `mapping` on `allocation`. Messages between tasks on one node cross no link.
/// Throws std::invalid_argument when the mapping does not fit the graph or the allocation, when hidden_compute
/// or step_compute is neither empty nor one finite non-negative number per task, or when steps are asked of a
/// graph with a phase of fractional count.
Metrics evaluate(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
                 const EvaluateOptions& options = {});

/// Per-link loads in bytes, indexed by LinkId (for reports and pictures).
std::vector<double> link_loads(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping);

}  // namespace tamp
