// The communication of an application: tasks and the bytes of the messages between them.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tamp/error.hpp"

namespace tamp {

/// One directed message stream: `bytes` from task `src` to task `dst` (per iteration, or in total).
struct Edge {
  int src = 0;
  int dst = 0;
  double bytes = 0;
};

/// Task coordinates accepted (TaskGraph::set_coordinates): finite, and small enough that squared distances
/// summed over 16 dimensions stay finite.
inline constexpr ValueRange kCoordinateRange{-1e100, 1e100, ""};

/// Shape of a regular task grid. Task t has grid coordinates with dimension 0 fastest:
/// t = c0 + dims[0]*(c1 + dims[1]*(c2 + ...)).
struct GridShape {
  std::vector<int> dims;
  std::vector<bool> periodic;  // empty: none periodic
  long long size() const;
  std::vector<int> coords(long long task) const;
  long long index(const std::vector<int>& coords) const;
};

/// A phase is point-to-point (an exchange the application writes) or a round of a collective's algorithm.
enum class PhaseKind { p2p, collective };
/// "p2p" or "collective"; parse_phase_kind throws std::invalid_argument on any other name.
std::string_view to_string(PhaseKind kind);
PhaseKind parse_phase_kind(std::string_view name);

/// How the MPI library posts a phase's messages, which sets when a rendezvous message can leave (SimGrid
/// 3.32's smpi_request.cpp, as the simulated runs configure it: every send a rendezvous, `smpi/ois` the
/// overhead):
/// - nonblocking: MPI_Irecv first, then each MPI_Isend one message overhead after the last (an application's
///   exchange, SimGrid's linear scatter and gather);
/// - sendrecv: Request::sendrecv, the algorithm's one message a round: the send pays the isend overhead and
///   the receive is posted after it (SimGrid's pairwise all-to-all, allreduce's recursive doubling);
/// - blocking: Request::send / Request::recv, posted at once with no overhead, which SimGrid charges only to
///   non-blocking and detached sends (the binomial broadcast and reduction, allreduce's fold rounds).
enum class Posting { nonblocking, sendrecv, blocking };
/// "nonblocking", "sendrecv" or "blocking"; parse_posting throws std::invalid_argument on any other name.
std::string_view to_string(Posting posting);
Posting parse_posting(std::string_view name);

/// Messages that travel at the same time (one exchange, or one round of a collective), `count` times per
/// iteration. Phases are what the predicted communication time of evaluate() adds up: loads of messages in
/// one phase share links; different phases do not.
///
/// A phase in launcher order (`launcher_order`) is a collective the application runs on a communicator of the
/// job's slots in order (MPI_Comm_split on the slot, docs/mapping.md): its endpoints are ranks of that
/// communicator, not tasks. Rank r is whichever task the mapping puts on the r-th lowest slot, so the phase
/// travels between the same nodes under every mapping; it is left out of the graph's messages (hop-bytes,
/// link loads, what the mappers place) and counted in the predicted time only.
struct Phase {
  std::string name;  // no blanks (it is one word of the phases file), e.g. "faces" or "grid-sum/r0"
  PhaseKind kind = PhaseKind::p2p;
  double count = 1;  // times per iteration (may be fractional: an average)
  std::vector<Edge> edges;
  bool launcher_order = false;
  Posting posting = Posting::nonblocking;  // how its messages are posted (collective rounds)
};

/// CSR of directed messages: the out-edges of task t are [offsets()[t], offsets()[t+1]).
/// Parallel edges are merged (bytes summed); edges of zero bytes are dropped.
class TaskGraph {
 public:
  TaskGraph() = default;
  /// Throws std::invalid_argument on an endpoint outside [0, num_tasks) or negative bytes.
  static TaskGraph from_edges(int num_tasks, std::vector<Edge> edges);
  /// The graph of CSR arrays as offsets() etc. return them: every row's targets in [0, num_tasks) and
  /// strictly increasing, every message's bytes finite and positive (std::invalid_argument otherwise). For
  /// generators that know each task's messages in order: no edge list, no sort.
  static TaskGraph from_csr(int num_tasks, std::vector<std::int64_t> offsets, std::vector<int> targets,
                            std::vector<double> bytes);

  int num_tasks() const { return num_tasks_; }
  std::int64_t num_edges() const { return static_cast<std::int64_t>(targets_.size()); }
  const std::vector<std::int64_t>& offsets() const { return offsets_; }
  const std::vector<int>& targets() const { return targets_; }
  const std::vector<double>& bytes() const { return bytes_; }
  double total_bytes() const { return total_bytes_; }
  /// The edge list back, in CSR order.
  std::vector<Edge> edges() const;

  /// Optional task coordinates (e.g. part centroids), `dim` numbers per task, each in kCoordinateRange
  /// (std::invalid_argument otherwise: NaN, infinite or huge coordinates).
  void set_coordinates(int dim, std::vector<double> xyz);
  bool has_coordinates() const { return coord_dim_ > 0; }
  int coordinate_dim() const { return coord_dim_; }
  const std::vector<double>& coordinates() const { return coords_; }

  /// Optional work per task (a METIS file's first vertex weight): one finite non-negative number per task
  /// (std::invalid_argument otherwise). The mappers ignore it; tamp-replay charges compute by it.
  void set_task_weights(std::vector<double> weights);
  bool has_task_weights() const { return !weights_.empty(); }
  const std::vector<double>& task_weights() const { return weights_; }

  /// Optional regular-grid shape (a stencil pattern); its size must equal num_tasks().
  void set_grid(GridShape grid);
  const std::optional<GridShape>& grid() const { return grid_; }

  /// The graph of `phases`: the union of their messages, bytes x count (phases in launcher order left out),
  /// with the phases attached.
  /// Throws std::invalid_argument as set_phases does.
  static TaskGraph from_phases(int num_tasks, std::vector<Phase> phases);
  /// Attaches phases to the graph (the CSR stays as it is: the caller makes it their union, as from_phases
  /// does). Throws std::invalid_argument on an endpoint outside [0, num_tasks()), bytes or count negative or
  /// not finite, or a name that is empty or has blanks.
  void set_phases(std::vector<Phase> phases);
  /// Without phases, the graph is one p2p phase of count 1: its own messages.
  bool has_phases() const { return !phases_.empty(); }
  const std::vector<Phase>& phases() const { return phases_; }

 private:
  int num_tasks_ = 0;
  std::vector<std::int64_t> offsets_{0};
  std::vector<int> targets_;
  std::vector<double> bytes_;
  double total_bytes_ = 0;
  int coord_dim_ = 0;
  std::vector<double> coords_;
  std::vector<double> weights_;
  std::optional<GridShape> grid_;
  std::vector<Phase> phases_;
};

}  // namespace tamp
