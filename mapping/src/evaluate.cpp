// Metrics of a placement: hop-bytes, dilation, off-node bytes and link loads under the machine's routing.
//
// Two paths give the same numbers. The generic one asks Machine::route() for every message. The torus one
// (the machines that matter for 10^6-task graphs) works on router coordinates without virtual calls, and adds
// each dimension-ordered route segment to a difference array along its line of routers, so routing costs O(D)
// per message instead of O(hops); one prefix-sum pass per line then turns the differences into link loads.
#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <numeric>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>

#include "predict_time.hpp"
#include "tamp/collectives.hpp"
#include "tamp/error.hpp"
#include "tamp/grid.hpp"
#include "tamp/metrics.hpp"

namespace tamp {
namespace impl {
namespace {

/// Machine node of every task; checks that the mapping fits the graph and the allocation.
std::vector<int> task_nodes(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping) {
  require(allocation.machine_ptr() != nullptr, "evaluate: the allocation has no machine");
  require(mapping.num_tasks() == graph.num_tasks(),
          "evaluate: the mapping has " + std::to_string(mapping.num_tasks()) + " tasks, the graph " +
              std::to_string(graph.num_tasks()));
  require(mapping.num_slots() == allocation.num_slots(),
          "evaluate: the mapping is for " + std::to_string(mapping.num_slots()) +
              " slots, the allocation has " + std::to_string(allocation.num_slots()));
  std::vector<int> nodes(graph.num_tasks());
  for (int t = 0; t < graph.num_tasks(); ++t) {
    const int s = mapping.slot(t);
    if (s < 0 || s >= allocation.num_slots())
      throw std::invalid_argument("evaluate: task " + std::to_string(t) + " has slot " + std::to_string(s) +
                                  ", outside [0, " + std::to_string(allocation.num_slots()) + ")");
    nodes[t] = allocation.machine_node_of_slot(s);
  }
  return nodes;
}

/// Sums over messages that do not depend on the routing.
struct Tally {
  std::int64_t sum_hops = 0;
  int max_hops = 0;
  double hop_bytes = 0;
  double offnode_bytes = 0;
  void add(int hops, double bytes, bool offnode) {
    sum_hops += hops;
    max_hops = std::max(max_hops, hops);
    hop_bytes += hops * bytes;
    if (offnode) offnode_bytes += bytes;
  }
};

/// Router-coordinate arithmetic of a Torus, flattened into arrays for the inner loop.
class TorusWalker {
 public:
  explicit TorusWalker(const Grid& torus) : D_(torus.num_dims()), npr_(torus.nodes_per_router()) {
    int stride = 1;
    for (int d = 0; d < D_; ++d) {
      n_.push_back(torus.dim(d));
      wrap_.push_back(torus.wraps(d) ? 1 : 0);
      stride_.push_back(stride);
      stride *= torus.dim(d);
    }
    coords_.resize(static_cast<std::size_t>(torus.num_routers()) * D_);
    for (int r = 0; r < torus.num_routers(); ++r) {
      int rest = r;
      for (int d = 0; d < D_; ++d) {
        coords_[static_cast<std::size_t>(r) * D_ + d] = rest % n_[d];
        rest /= n_[d];
      }
    }
  }

  int router(int node) const { return node / npr_; }

  int hops(int ra, int rb) const {
    const int* a = &coords_[static_cast<std::size_t>(ra) * D_];
    const int* b = &coords_[static_cast<std::size_t>(rb) * D_];
    int h = 0;
    for (int d = 0; d < D_; ++d) {
      const int delta = a[d] > b[d] ? a[d] - b[d] : b[d] - a[d];
      h += wrap_[d] && n_[d] - delta < delta ? n_[d] - delta : delta;
    }
    return h;
  }

  /// Adds `bytes` to the difference array `diff` and one message to `crossings` for every link on the route
  /// ra -> rb, and bytes x hops of each dimension to per_dim; returns the hops. Mirrors Torus::route (shorter
  /// way round, ties to +).
  int add_route(int ra, int rb, double bytes, double* diff, double* crossings, double* per_dim) const {
    const int* a = &coords_[static_cast<std::size_t>(ra) * D_];
    const int* b = &coords_[static_cast<std::size_t>(rb) * D_];
    int r = ra;  // router where the segment of dimension d starts
    int total = 0;
    for (int d = 0; d < D_; ++d) {
      const int c0 = a[d];
      const int c1 = b[d];
      if (c0 == c1) continue;
      const int n = n_[d];
      bool plus = c1 > c0;
      int steps = plus ? c1 - c0 : c0 - c1;
      if (wrap_[d]) {
        const int forward = plus ? c1 - c0 : c1 - c0 + n;
        plus = forward <= n - forward;
        steps = plus ? forward : n - forward;
      }
      // Link of coordinate c on this line and direction: first + c * step.
      const std::int64_t line = r - static_cast<std::int64_t>(c0) * stride_[d];
      const std::int64_t first = line * 2 * D_ + 2 * d + (plus ? 0 : 1);
      const std::int64_t step = static_cast<std::int64_t>(stride_[d]) * 2 * D_;
      // + uses the links leaving c0, c0+1, ..., c0+steps-1; - those leaving c0, c0-1, ..., c0-steps+1 (mod
      // n).
      const int lo = plus ? c0 : c0 - steps + 1;
      const int hi = plus ? c0 + steps - 1 : c0;
      const auto add_range = [&](int from, int to) {
        diff[first + from * step] += bytes;
        crossings[first + from * step] += 1;
        if (to + 1 < n) {
          diff[first + (to + 1) * step] -= bytes;
          crossings[first + (to + 1) * step] -= 1;
        }
      };
      if (lo < 0) {
        add_range(0, hi);
        add_range(lo + n, n - 1);
      } else if (hi >= n) {
        add_range(lo, n - 1);
        add_range(0, hi - n);
      } else {
        add_range(lo, hi);
      }
      per_dim[d] += steps * bytes;
      total += steps;
      r += (c1 - c0) * stride_[d];
    }
    return total;
  }

  /// Turns the difference array into link loads: a running sum along every line, per dimension and direction.
  void integrate(double* diff, int num_routers) const {
    for (int d = 0; d < D_; ++d) {
      const std::int64_t step = static_cast<std::int64_t>(stride_[d]) * 2 * D_;
      for (int r = 0; r < num_routers; ++r) {
        if (coords_[static_cast<std::size_t>(r) * D_ + d] != 0) continue;  // r starts a line of dimension d
        for (int dir = 0; dir < 2; ++dir) {
          double* link = diff + static_cast<std::int64_t>(r) * 2 * D_ + 2 * d + dir;
          double sum = 0;
          for (int c = 0; c < n_[d]; ++c, link += step) {
            sum += *link;
            *link = std::max(sum, 0.0);  // a cancelled range may leave -0 or a rounding residue
          }
        }
      }
    }
  }

 private:
  int D_;
  int npr_;
  std::vector<int> n_, wrap_, stride_;
  std::vector<int> coords_;  // router r, dimension d at r * D + d
};

/// Hop statistics; when `traffic` is given (cleared to link_id_bound), also the links' traffic and per-class
/// hop-bytes; when `sums` is, the messages' predicted times in the same pass.
Tally measure_torus(const Grid& torus, const TaskGraph& graph, const std::vector<int>& node_of_task,
                    LinkTraffic* traffic, std::vector<double>& per_class, PhaseSums* sums) {
  const TorusWalker walker(torus);
  std::vector<int> router_of_task(node_of_task.size());
  for (std::size_t t = 0; t < node_of_task.size(); ++t) router_of_task[t] = walker.router(node_of_task[t]);
  const auto& offsets = graph.offsets();
  const auto& targets = graph.targets();
  const auto& bytes = graph.bytes();
  Tally tally;
  double* diff = traffic ? traffic->bytes.data() : nullptr;
  double* crossings = traffic ? traffic->messages.data() : nullptr;
  for (int u = 0; u < graph.num_tasks(); ++u) {
    const int nu = node_of_task[u];
    const int ru = router_of_task[u];
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int v = targets[e];
      const int rv = router_of_task[v];
      int h = 0;
      if (ru != rv)
        h = diff ? walker.add_route(ru, rv, bytes[e], diff, crossings, per_class.data())
                 : walker.hops(ru, rv);
      tally.add(h, bytes[e], nu != node_of_task[v]);
      if (sums) sums->add(nu, node_of_task[v], h, e - offsets[u] + 1, bytes[e]);
    }
  }
  if (diff) {
    walker.integrate(diff, torus.num_routers());
    walker.integrate(crossings, torus.num_routers());
  }
  return tally;
}

Tally measure_generic(const Machine& machine, const TaskGraph& graph, const std::vector<int>& node_of_task,
                      LinkTraffic* traffic, std::vector<double>& per_class) {
  const auto& offsets = graph.offsets();
  const auto& targets = graph.targets();
  const auto& bytes = graph.bytes();
  std::vector<LinkId> path;
  Tally tally;
  for (int u = 0; u < graph.num_tasks(); ++u) {
    const int nu = node_of_task[u];
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int nv = node_of_task[targets[e]];
      int h = 0;
      if (nu != nv && traffic) {
        machine.route(nu, nv, path);
        for (LinkId l : path) {
          traffic->bytes[l] += bytes[e];
          traffic->messages[l] += 1;
        }
        h = static_cast<int>(path.size());
      } else if (nu != nv) {
        h = machine.hops(nu, nv);
      }
      tally.add(h, bytes[e], nu != nv);
    }
  }
  if (traffic)
    for (LinkId l = 0; l < machine.link_id_bound(); ++l)
      per_class[machine.link_class(l)] += traffic->bytes[l];
  return tally;
}

Tally measure_nodes(const TaskGraph& graph, const Allocation& allocation,
                    const std::vector<int>& node_of_task, LinkTraffic* traffic,
                    std::vector<double>& per_class, PhaseSums* sums = nullptr) {
  const Machine& machine = allocation.machine();
  per_class.assign(machine.num_link_classes(), 0.0);
  if (traffic) traffic->clear(machine.link_id_bound());
  if (const Grid* torus = machine.grid())
    return measure_torus(*torus, graph, node_of_task, traffic, per_class, sums);
  return measure_generic(machine, graph, node_of_task, traffic, per_class);
}

Tally measure(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
              LinkTraffic* traffic, std::vector<double>& per_class) {
  return measure_nodes(graph, allocation, task_nodes(graph, allocation, mapping), traffic, per_class);
}

/// Sum over messages of bytes x the declared distance of the levels their nodes are apart.
double level_cost(const Machine& machine, const TaskGraph& graph, const std::vector<int>& node_of_task) {
  const std::vector<double>& distance = machine.level_distances();
  const auto& offsets = graph.offsets();
  const auto& targets = graph.targets();
  const auto& bytes = graph.bytes();
  double cost = 0;
  for (int u = 0; u < graph.num_tasks(); ++u)
    for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e)
      cost += bytes[e] * distance[machine.level_apart(node_of_task[u], node_of_task[targets[e]])];
  return cost;
}

/// Empty, or one finite non-negative number of seconds per task; else std::invalid_argument naming `what`.
void check_task_seconds(const std::vector<double>& seconds, int tasks, const char* what) {
  if (!seconds.empty() && static_cast<int>(seconds.size()) != tasks)
    throw std::invalid_argument(std::string(what) + ": " + std::to_string(seconds.size()) + " values for " +
                                std::to_string(tasks) + " tasks");
  for (double s : seconds)
    if (!std::isfinite(s) || s < 0)
      throw std::invalid_argument(std::string(what) + ": " + std::to_string(s) + " is not a finite non-negative time");
}

/// The tasks ordered by their slot: the ranks of a communicator split on the slot (a launcher-order phase).
std::vector<int> tasks_in_slot_order(const Mapping& mapping) {
  std::vector<int> order(static_cast<std::size_t>(mapping.num_tasks()));
  for (int t = 0; t < mapping.num_tasks(); ++t) order[t] = t;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return mapping.slot(a) < mapping.slot(b); });
  return order;
}

/// `edges` between ranks of a launcher-order communicator, as messages between the tasks holding those ranks.
std::vector<Edge> relabelled(const std::vector<Edge>& edges, const std::vector<int>& task_of_rank) {
  std::vector<Edge> tasks;
  tasks.reserve(edges.size());
  for (const Edge& e : edges) tasks.push_back({task_of_rank[e.src], task_of_rank[e.dst], e.bytes});
  return tasks;
}

/// When a phase's messages leave and its receives are posted, as `posting` says the MPI library posts them
/// (predict_phase times them as nonblocking: the k-th send of a task o x k into the phase, receives at once).
/// Sendrecv and blocking phases send at most one message per task and round.
void post(Posting posting, double o, PhaseTiming& timing) {
  if (posting == Posting::nonblocking) return;
  const double leaves = posting == Posting::sendrecv ? o : 0.0;
  std::fill(timing.leaves.begin(), timing.leaves.end(), leaves);
  for (double& p : timing.posted) p = std::min(p, leaves);
  timing.receives_posted = leaves;
}

/// Rounds run once each, outside the steps (the set-up, the barrier), appended to `out`: their messages,
/// relabelled to tasks where they run on world in the launcher's order (`by_slot`), timed and posted as
/// `phases` say. `graphs` and `timings` hold what `out` points to (deques: what they hold stays where it is).
void add_rounds(const std::vector<Phase>& phases, const std::vector<int>& by_slot,
                const Allocation& allocation, const std::vector<int>& node_of_task,
                std::deque<TaskGraph>& graphs, std::deque<PhaseTiming>& timings,
                std::vector<StepPhase>& out) {
  const int tasks = static_cast<int>(node_of_task.size());
  LinkTraffic traffic;
  std::vector<double> per_class;
  for (const Phase& phase : phases) {
    graphs.push_back(
        TaskGraph::from_edges(tasks, phase.launcher_order ? relabelled(phase.edges, by_slot) : phase.edges));
    measure_nodes(graphs.back(), allocation, node_of_task, &traffic, per_class);
    timings.emplace_back();
    predict_phase(graphs.back(), traffic, allocation, node_of_task, {}, &timings.back());
    post(phase.posting, allocation.machine().network().message_overhead, timings.back());
    out.push_back({&graphs.back(), &timings.back(), 1, false});
  }
}

/// The rounds of the MPI_Barrier before the timed loop: barrier_ompi on the tasks' communicator (rank ==
/// task), one message per task and round, posted as SimGrid posts it (barrier_ompi_sendrecv).
std::vector<Phase> barrier_phases(int tasks) {
  std::vector<int> ranks(static_cast<std::size_t>(tasks));
  std::iota(ranks.begin(), ranks.end(), 0);
  CollectiveRounds rounds = barrier_ompi(ranks);
  for (auto& round : rounds)
    for (Edge& e : round) e.bytes = 1;  // SMPI sends the envelope alone; graphs drop empty messages
  std::vector<Phase> phases;
  add_collective(phases, "barrier", 1, {rounds},
                 barrier_ompi_sendrecv(tasks) ? Posting::sendrecv : Posting::blocking);
  return phases;
}

/// MPI_Comm_split of the tasks' communicator (rank == task) by `call`'s colors and keys, as SMPI runs it
/// (smpi_comm.cpp): rank 0 gathers every rank's color and key (gather__default: nonblocking sends), then
/// sends each rank its group (an 8-byte pointer), one color after the other (the colors in the order of their
/// lowest rank, each waited for before the next: one round each), isend after isend (here in the order of the
/// tasks; SMPI's is the keys', the same where keys grow with the task); each new communicator broadcasts its
/// id from its rank 0, all at once.
void add_split(const SetupModel::Call& call, int tasks, std::vector<Phase>& phases) {
  require(static_cast<int>(call.color.size()) == tasks && static_cast<int>(call.key.size()) == tasks,
          "set-up: a split of " + std::to_string(call.color.size()) + " colors and " +
              std::to_string(call.key.size()) + " keys for " + std::to_string(tasks) + " tasks");
  std::vector<int> ranks(static_cast<std::size_t>(tasks));
  std::iota(ranks.begin(), ranks.end(), 0);
  const CollectiveRounds colors = gather_linear(ranks, 0, 2 * sizeof(std::int32_t));
  add_collective(phases, "split-gather", 1, {colors}, Posting::nonblocking);
  std::map<int, std::vector<std::pair<int, int>>> by_color;  // color: (key, task)
  std::vector<int> color_order;                              // by lowest task
  for (int t = 0; t < tasks; ++t) {
    auto& members = by_color[call.color[t]];
    if (members.empty()) color_order.push_back(call.color[t]);
    members.emplace_back(call.key[t], t);
  }
  std::vector<CollectiveRounds> ids;
  for (int color : color_order) {
    std::vector<std::pair<int, int>>& members = by_color[color];
    std::sort(members.begin(), members.end());
    CollectiveRounds groups(1);
    std::vector<int> group;
    for (const auto& [key, t] : members) {
      group.push_back(t);
      if (t != 0) groups[0].push_back({0, t, sizeof(void*)});
    }
    add_collective(phases, "split-groups", 1, {groups}, Posting::nonblocking);
    ids.push_back(bcast_binomial(group, 0, sizeof(std::int32_t)));
  }
  add_collective(phases, "split-id", 1, ids, Posting::blocking);
}

/// The set-up's collectives before the first barrier (SetupModel), as SimGrid 3.32's SMPI runs them with the
/// campaigns' algorithms: an agreement is allreduce_rdb of an int; MPI_Bcast is bcast_binomial;
/// MPI_Comm_split is add_split's, on world keyed by task; a new communicator (split or dup) broadcasts its id
/// from its rank 0 (smpi_comm.cpp). Phases on world are in the launcher's order (`by_slot`: the task of each
/// world rank) when the ranks are reordered, the tasks' when they were adopted (rank == task); the app's calls
/// are on the tasks' communicator. `steps_before`: where the app's untimed steps go (before the phase of that
/// index; the size: after the last).
std::vector<Phase> setup_phases(const SetupModel& setup, const std::vector<int>& by_slot, int tasks,
                                std::vector<std::size_t>& steps_before) {
  using Ranks = SetupModel::Ranks;
  std::vector<int> ranks(static_cast<std::size_t>(tasks));
  std::iota(ranks.begin(), ranks.end(), 0);
  const bool reordered = setup.ranks == Ranks::reordered;
  std::vector<Phase> phases;
  const auto on_world = [&](std::size_t first) {
    for (std::size_t k = first; k < phases.size(); ++k) phases[k].launcher_order = reordered;
  };
  const auto add = [&](const std::string& name, const CollectiveRounds& rounds,
                       const std::vector<Posting>& posting, bool world) {
    const std::size_t first = phases.size();
    add_collective(phases, name, 1, {rounds}, posting);
    if (world) on_world(first);
  };
  const auto each = [](const CollectiveRounds& rounds, Posting posting) {
    return std::vector<Posting>(rounds.size(), posting);
  };
  const double an_int = sizeof(std::int32_t);
  const CollectiveRounds agreement = allreduce_rdb(ranks, an_int);
  const std::vector<Posting> agreement_posting = allreduce_rdb_posting(tasks);
  if (setup.ranks != Ranks::none) add("agree", agreement, agreement_posting, true);
  if (reordered) {
    const CollectiveRounds slots = bcast_binomial(ranks, 0, an_int * tasks);
    add("bcast-mapping", slots, each(slots, Posting::blocking), true);
    const std::size_t first = phases.size();
    add_split({SetupModel::Call::Kind::split, std::vector<int>(ranks.size(), 0), by_slot, 0}, tasks, phases);
    on_world(first);
    add("agree", agreement, agreement_posting, true);
  } else if (setup.ranks == Ranks::adopted) {
    const CollectiveRounds comm_id = bcast_binomial(ranks, 0, an_int);
    add("comm-id", comm_id, each(comm_id, Posting::blocking), false);
  }
  for (const SetupModel::Call& call : setup.calls) {
    switch (call.kind) {
      case SetupModel::Call::Kind::agreement:
        add("agree", agreement, agreement_posting, false);
        break;
      case SetupModel::Call::Kind::split:
        add_split(call, tasks, phases);
        break;
      case SetupModel::Call::Kind::bcast: {
        const CollectiveRounds rounds = bcast_binomial(ranks, 0, call.bytes);
        add("bcast", rounds, each(rounds, Posting::blocking), false);
        break;
      }
      case SetupModel::Call::Kind::step:
        steps_before.push_back(phases.size());
        break;
    }
  }
  return phases;
}

/// The predicted time of every phase (or of the whole graph as one p2p phase, whose traffic is
/// `graph_traffic` and whose figures are `whole` when measuring them gave them already): each phase alone,
/// then their sum (count times each), or with options.steps the steps on the tasks' clocks.
void predict(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
             const std::vector<int>& node_of_task, const LinkTraffic& graph_traffic,
             const std::optional<PhaseMetrics>& whole, const EvaluateOptions& options, Metrics& m) {
  const std::vector<double> none;
  const std::vector<double>& hidden = options.hidden_compute;
  std::vector<TaskGraph> phase_graphs;     // the messages of each phase (none: the graph itself)
  std::vector<PhaseTiming> timings;
  const bool stepped = options.steps > 0;  // the timing of every message is needed (and paid) only then
  if (!graph.has_phases()) {
    timings.emplace_back();
    PhaseMetrics p = whole ? *whole
                           : predict_phase(graph, graph_traffic, allocation, node_of_task, hidden,
                                           stepped ? &timings.back() : nullptr);
    p.name = "all";
    m.phases.push_back(std::move(p));
  } else {
    LinkTraffic traffic;
    std::vector<double> per_class;
    std::vector<int> by_slot;  // tasks in slot order: rank r of a launcher-order communicator is by_slot[r]
    for (const Phase& phase : graph.phases()) {
      if (phase.launcher_order && by_slot.empty()) by_slot = tasks_in_slot_order(mapping);
      phase_graphs.push_back(TaskGraph::from_edges(
          graph.num_tasks(), phase.launcher_order ? relabelled(phase.edges, by_slot) : phase.edges));
      timings.emplace_back();
      measure_nodes(phase_graphs.back(), allocation, node_of_task, &traffic, per_class);
      PhaseMetrics p =
          predict_phase(phase_graphs.back(), traffic, allocation, node_of_task,
                        phase.kind == PhaseKind::p2p ? hidden : none, stepped ? &timings.back() : nullptr);
      if (stepped) post(phase.posting, allocation.machine().network().message_overhead, timings.back());
      p.name = phase.name;
      p.kind = phase.kind;
      p.count = phase.count;
      m.phases.push_back(std::move(p));
    }
  }
  for (const PhaseMetrics& p : m.phases) {
    m.predicted_comm_time += p.count * p.predicted_time;
    m.predicted_network_time += p.count * p.network_time;
  }
  if (!stepped) return;

  StepPlan plan;
  std::set<std::string> named;  // the calls before_compute names
  plan.warmup = options.warmup;
  plan.steps = options.steps;
  for (std::size_t k = 0; k < m.phases.size(); ++k) {
    const PhaseMetrics& p = m.phases[k];
    if (p.count != std::floor(p.count)) {
      throw std::invalid_argument("step-by-step prediction needs whole phase counts: phase " + p.name +
                                  " has count " + std::to_string(p.count));
    }
    const bool same_collective = k > 0 && p.kind == PhaseKind::collective &&
                                 m.phases[k - 1].kind == PhaseKind::collective && p.count == m.phases[k - 1].count &&
                                 !collective_of(p.name).empty() &&
                                 collective_of(p.name) == collective_of(m.phases[k - 1].name);
    const int group = k == 0 ? 0 : plan.phases.back().group + (same_collective ? 0 : 1);
    const std::string call = collective_of(p.name).empty() ? p.name : collective_of(p.name);
    const auto before = options.before_compute.find(call);
    plan.phases.push_back({phase_graphs.empty() ? &graph : &phase_graphs[k], &timings[k], static_cast<int>(p.count),
                           p.kind == PhaseKind::p2p, group,
                           before == options.before_compute.end() ? nullptr : &before->second});
    if (before != options.before_compute.end()) named.insert(call);
  }
  for (const auto& [name, seconds] : options.before_compute)
    if (named.count(name) == 0)
      throw std::invalid_argument("before compute: the graph has no phase or collective '" + name + "'");
  std::deque<TaskGraph> once_graphs;  // the set-up's and the barrier's rounds
  std::deque<PhaseTiming> once_timings;
  if (options.barrier) {
    const std::vector<int> world = options.setup.ranks == SetupModel::Ranks::reordered
                                       ? tasks_in_slot_order(mapping)
                                       : std::vector<int>{};
    add_rounds(setup_phases(options.setup, world, graph.num_tasks(), plan.setup_steps), world, allocation,
               node_of_task, once_graphs, once_timings, plan.setup);
    add_rounds(barrier_phases(graph.num_tasks()), world, allocation, node_of_task, once_graphs, once_timings,
               plan.barrier);
  }
  m.flow = predict_steps(plan, graph.num_tasks(), step_resources(allocation.machine()), hidden,
                         options.step_compute, options.flow);
  m.predicted_comm_time = 0;
  for (std::size_t t = 0; t < m.flow.exchange.size(); ++t)
    m.predicted_comm_time = std::max(m.predicted_comm_time, m.flow.exchange[t] + m.flow.collective[t]);
  m.predicted_comm_time /= options.steps;
}

}  // namespace
}  // namespace impl

Metrics evaluate(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
                 const EvaluateOptions& options) {
  impl::check_task_seconds(options.hidden_compute, graph.num_tasks(), "hidden compute");
  impl::check_task_seconds(options.step_compute, graph.num_tasks(), "step compute");
  for (const auto& [name, seconds] : options.before_compute) {
    if (seconds.empty()) throw std::invalid_argument("before compute of '" + name + "': no value per task");
    impl::check_task_seconds(seconds, graph.num_tasks(), "before compute");
  }
  if (options.steps < 0) throw std::invalid_argument("steps: " + std::to_string(options.steps) + " is negative");
  if (options.warmup < 0) throw std::invalid_argument("warmup: " + std::to_string(options.warmup) + " is negative");
  validate(options.flow);
  impl::LinkTraffic traffic;
  const std::vector<double>& loads = traffic.bytes;
  Metrics m;
  const std::vector<int> node_of_task = impl::task_nodes(graph, allocation, mapping);
  // The whole graph as one phase, its messages timed while they are routed (a torus walks them itself).
  std::optional<impl::PhaseSums> sums;
  if (options.link_loads && allocation.machine().grid() && !graph.has_phases() &&
      options.hidden_compute.empty() && options.steps == 0)
    sums.emplace(allocation.machine());
  const impl::Tally tally =
      impl::measure_nodes(graph, allocation, node_of_task, options.link_loads ? &traffic : nullptr,
                          m.hop_bytes_per_class, sums ? &*sums : nullptr);
  m.messages = graph.num_edges();
  m.total_bytes = graph.total_bytes();
  m.hop_bytes = tally.hop_bytes;
  m.max_dilation = tally.max_hops;
  if (!allocation.machine().level_distances().empty())
    m.level_cost = impl::level_cost(allocation.machine(), graph, node_of_task);
  if (m.total_bytes > 0) {
    m.hops_per_byte = m.hop_bytes / m.total_bytes;
    m.offnode_fraction = tally.offnode_bytes / m.total_bytes;
  }
  if (m.messages > 0) m.avg_dilation = static_cast<double>(tally.sum_hops) / static_cast<double>(m.messages);
  if (options.link_loads) {
    const Machine& machine = allocation.machine();
    double sum = 0;
    for (LinkId l = 0; l < static_cast<LinkId>(loads.size()); ++l) {
      if (loads[l] <= 0) continue;
      sum += loads[l];
      m.max_link_load = std::max(m.max_link_load, loads[l]);
      m.max_congestion = std::max(m.max_congestion, loads[l] / machine.link_capacity(l));
    }
    if (machine.num_links() > 0) m.mean_link_load = sum / machine.num_links();
    const std::optional<PhaseMetrics> whole =
        sums ? std::optional<PhaseMetrics>(sums->finish(graph, traffic)) : std::nullopt;
    impl::predict(graph, allocation, mapping, node_of_task, traffic, whole, options, m);
  }
  return m;
}

std::vector<double> link_loads(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping) {
  impl::LinkTraffic traffic;
  std::vector<double> per_class;
  impl::measure(graph, allocation, mapping, &traffic, per_class);
  return std::move(traffic.bytes);
}

std::ostream& operator<<(std::ostream& os, const Metrics& m) {
  os << "messages          " << m.messages << "\n"
     << "total bytes       " << m.total_bytes << "\n"
     << "hop-bytes         " << m.hop_bytes << "\n"
     << "hops per byte     " << m.hops_per_byte << "\n"
     << "avg dilation      " << m.avg_dilation << "\n"
     << "max dilation      " << m.max_dilation << "\n"
     << "max link load     " << m.max_link_load << "\n"
     << "mean link load    " << m.mean_link_load << "\n"
     << "max congestion    " << m.max_congestion << "\n"
     << "off-node bytes    " << 100.0 * m.offnode_fraction << " %\n";
  if (m.level_cost) os << "level cost        " << *m.level_cost << "\n";
  os
     << "hop-bytes / class";
  for (double v : m.hop_bytes_per_class) os << ' ' << v;
  os << "\npredicted time    " << m.predicted_comm_time << " s\n";
  for (const PhaseMetrics& p : m.phases)
    os << "  phase " << p.name << " (" << to_string(p.kind) << ", x" << p.count << "): " << p.predicted_time
       << " s; link " << p.link_time << ", injection " << p.injection_time << ", loopback " << p.loopback_time
       << ", latency " << p.latency_time << ", last message " << p.message_time << ", busiest resource "
       << p.resource_time << "; max link load " << p.max_link_load << "\n";
  return os;
}

}  // namespace tamp
