// The flow engine (docs/simulation.md, "The flow engine"; docs/mapping.md, "Step by step"): the phases of a step
// run on the tasks' own clocks, and the bytes of the messages in flight share the network. Events in time order:
// a task starts a round (one occurrence of a phase); a message's bytes start to flow one latency after it is
// matched (its sender has posted it and its receiver has reached the round: a rendezvous, as in TAMP's simulated
// runs); its last byte lands. While bytes flow, the resources on their way (injection links, links) are
// shared by max-min fairness, solved again at most once per window or once enough flows changed (FlowOptions;
// between solves, FlowNetwork keeps every resource within its capacity): the pairwise rounds of an
// all-to-all that drift apart load a link with a few rounds' messages at a time, not with a whole round's. The
// timed steps follow the untimed warmup steps and the barrier's rounds, as in the apps' runs (a barrier before
// the warmup too, when there is one).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "flow/dary_heap.hpp"
#include "flow/flow_network.hpp"
#include "predict_time.hpp"
#include "tamp/network_parameters.hpp"

namespace tamp::impl {

StepResources step_resources(const Machine& machine) {
  StepResources r;
  r.links = machine.link_id_bound();
  r.capacity.assign(static_cast<std::size_t>(r.links) + 2 * static_cast<std::size_t>(machine.num_nodes()), 0.0);
  const double fastest = fastest_link_bandwidth(machine);
  for (LinkId l = 0; l < r.links; ++l) r.capacity[l] = fastest * machine.link_capacity(l);
  for (int n = 0; n < machine.num_nodes(); ++n)
    r.capacity[r.out(n)] = r.capacity[r.in(n)] = machine.network().injection_bandwidth;
  // Links that do not exist (ids a machine skips) carry nothing; the solver wants every capacity positive.
  for (double& c : r.capacity)
    if (!(c > 0)) c = 1;
  return r;
}

namespace {

constexpr double kNever = FlowNetwork::kNever;
// A flow is brief when, at the rate it starts at, its bytes take under this fraction of its message's latency:
// its rate moves its message's time little unless it falls a hundredfold (an allreduce's 8 bytes take 1.3 ns of
// a 1.1 us message on Gemini; an FFT's 512-byte pairs 85 ns, not brief). Exact runs (quantum 0) have none.
constexpr double kBrief = 0.01;

enum class Kind : std::uint8_t { start_round, flows, lands_on_node };

struct Event {
  double time;
  std::uint64_t seq;  // ties in time: first scheduled, first processed (deterministic)
  Kind kind;
  std::int64_t id;  // a task (start_round) or a message (global edge id)
  bool operator<(const Event& o) const { return time != o.time ? time < o.time : seq < o.seq; }
};

class StepSimulation {
 public:
  StepSimulation(const StepPlan& plan, int tasks, const StepResources& resources, const std::vector<double>& hidden,
                 const std::vector<double>& after, const FlowOptions& options)
      : hidden_(hidden), after_(after), options_(options), n_(tasks) {
    for (const StepPhase& phase : plan.phases) phases_.push_back(&phase);
    for (const StepPhase& phase : plan.barrier) phases_.push_back(&phase);
    for (const StepPhase& phase : plan.setup) phases_.push_back(&phase);
    // The rounds of one collective (consecutive phases of one group) run in order, `count` times over.
    const auto add_step = [&](int step) {
      const std::size_t n = plan.phases.size();
      for (std::size_t p = 0; p < n;) {
        std::size_t q = p + 1;
        while (q < n && plan.phases[q].group == plan.phases[p].group) ++q;
        for (int k = 0; k < plan.phases[p].count; ++k)
          for (std::size_t r = p; r < q; ++r) rounds_.push_back({static_cast<int>(r), step, false, r == p});
        p = q;
      }
      if (n > 0) rounds_.back().step_end = true;
    };
    const auto add_barrier = [&] {
      for (std::size_t b = 0; b < plan.barrier.size(); ++b)
        rounds_.push_back({static_cast<int>(plan.phases.size() + b), -1, false});
    };
    const auto add_setup_steps = [&](std::size_t before) {
      for (std::size_t k : plan.setup_steps)
        if (k == before) add_step(-1);
    };
    for (std::size_t s = 0; s < plan.setup.size(); ++s) {
      add_setup_steps(s);
      rounds_.push_back({static_cast<int>(plan.phases.size() + plan.barrier.size() + s), -1, false});
    }
    add_setup_steps(plan.setup.size());
    if (plan.warmup > 0) add_barrier();
    for (int step = 0; step < plan.warmup; ++step) add_step(-1);
    add_barrier();
    for (int step = 0; step < plan.steps; ++step) add_step(step);
    std::int64_t edges = 0;
    for (const StepPhase* phase : phases_) {
      first_edge_.push_back(edges);
      edges += phase->messages->num_edges();
      incoming_.push_back(incoming(*phase->messages));
    }
    src_.resize(static_cast<std::size_t>(edges));
    for (std::size_t p = 0; p < phases_.size(); ++p) {
      const auto& offsets = phases_[p]->messages->offsets();
      for (int u = 0; u < n_; ++u)
        for (std::int64_t e = offsets[u]; e < offsets[u + 1]; ++e) src_[first_edge_[p] + e] = u;
    }
    network_.emplace(resources.capacity, static_cast<std::int64_t>(src_.size()));
    brief_.assign(src_.size(), 0);
    round_.assign(static_cast<std::size_t>(n_), -1);
    const std::size_t per_task = static_cast<std::size_t>(n_);
    start_.assign(per_task, 0.0);
    ready_.assign(per_task, 0.0);
    step_start_.assign(per_task, 0.0);
    timed_start_.assign(per_task, 0.0);
    outstanding_.assign(per_task, 0);
    times_.total.assign(per_task, 0.0);
    times_.compute.assign(per_task, 0.0);
    times_.exchange.assign(per_task, 0.0);
    times_.collective.assign(per_task, 0.0);
    times_.step.assign(static_cast<std::size_t>(plan.steps), 0.0);
    times_.options = options;
  }

  FlowTimes run() {
    for (int t = 0; t < n_; ++t) enter(t, 0.0);
    for (;;) {
      const double event = queue_.empty() ? kNever : queue_.top().time;
      const double landing = network_->next_landing();
      const double solve = dirty_ ? next_solve() : kNever;
      if (event == kNever && landing == kNever && solve == kNever) break;
      if (options_.work_limit > 0 && network_->work() > options_.work_limit)
        throw FlowWorkLimit("flow engine: the run passed its work limit of " + std::to_string(options_.work_limit));
      // At equal times: events, then landings, then the solve, which sees every change of that instant.
      if (event <= landing && event <= solve) {
        const Event ev = queue_.top();
        queue_.pop();
        now_ = ev.time;
        dispatch(ev);
      } else if (landing <= solve) {
        now_ = landing;
        const std::int64_t message = network_->land();
        changed(brief_[static_cast<std::size_t>(message)]);
        lands(message);
      } else {
        now_ = solve;
        solve_rates();
      }
    }
    times_.work = network_->work();
    times_.in_network = network_->in_network_at_solves();
    times_.resolved = network_->resolved();
    return std::move(times_);
  }

 private:
  // Per phase, per task: the edges (in CSR order) that end at it.
  struct Incoming {
    std::vector<std::int64_t> offsets;
    std::vector<std::int64_t> edges;
  };
  static Incoming incoming(const TaskGraph& g) {
    Incoming in;
    in.offsets.assign(static_cast<std::size_t>(g.num_tasks()) + 1, 0);
    for (int v : g.targets()) ++in.offsets[static_cast<std::size_t>(v) + 1];
    for (int t = 0; t < g.num_tasks(); ++t) in.offsets[t + 1] += in.offsets[t];
    in.edges.resize(g.targets().size());
    std::vector<std::int64_t> next(in.offsets.begin(), in.offsets.end() - 1);
    for (int u = 0; u < g.num_tasks(); ++u)
      for (std::int64_t e = g.offsets()[u]; e < g.offsets()[u + 1]; ++e) in.edges[next[g.targets()[e]]++] = e;
    return in;
  }

  struct Round {
    int phase;      // into phases_
    int step;       // the timed step it belongs to; -1: untimed (warmup, barrier)
    bool step_end;  // the last round of a step: `after` follows
    bool call = false;  // the first round of a call of its group: the phase's `before` compute precedes it
  };

  void push(double time, Kind kind, std::int64_t id) { queue_.push({time, seq_++, kind, id}); }

  void dispatch(const Event& ev) {
    switch (ev.kind) {
      case Kind::start_round: start_round(static_cast<int>(ev.id)); break;
      case Kind::flows: flows(ev.id); break;
      case Kind::lands_on_node: lands(ev.id); break;
    }
  }

  int phase_of(std::int64_t message) const {
    return static_cast<int>(std::upper_bound(first_edge_.begin(), first_edge_.end(), message) -
                            first_edge_.begin()) - 1;
  }

  // Its resources, and its weight: under latency sharing, SimGrid's (the inverse of its route's latency).
  FlowRoute route_of(std::int64_t message) const {
    const int p = phase_of(message);
    const std::int64_t e = message - first_edge_[p];
    const PhaseTiming& timing = *phases_[p]->timing;
    const double latency = timing.latency[e];
    const double weight = options_.sharing == FlowSharing::latency && latency > 0 ? 1 / latency : 1.0;
    return {timing.route.data() + timing.route_offsets[e], timing.route.data() + timing.route_offsets[e + 1],
            weight};
  }

  // Task t reaches its next round now: it posts its messages, computes what it hides, and waits for its own.
  void start_round(int t) {
    const int g = ++round_[t];
    start_[t] = now_;
    if (g >= static_cast<int>(rounds_.size())) return;
    const Round& round = rounds_[g];
    const int p = round.phase;
    const StepPhase& phase = *phases_[p];
    const TaskGraph& m = *phase.messages;
    const double hides = phase.hides && !hidden_.empty() ? hidden_[t] : 0.0;
    if (round.step >= 0) times_.compute[t] += hides;
    ready_[t] = now_ + phase.timing->posted[t] + hides;
    const Incoming& in = incoming_[p];
    outstanding_[t] = static_cast<int>((m.offsets()[t + 1] - m.offsets()[t]) + (in.offsets[t + 1] - in.offsets[t]));
    // A message is matched once both ends are in the round: the later of them matches it.
    for (std::int64_t e = m.offsets()[t]; e < m.offsets()[t + 1]; ++e) {
      const int v = m.targets()[e];
      if (round_[v] == g || v == t)
        matched(std::max(now_ + phase.timing->leaves[e], start_[v] + phase.timing->receives_posted), p, e);
    }
    for (std::int64_t k = in.offsets[t]; k < in.offsets[t + 1]; ++k) {
      const std::int64_t e = in.edges[k];
      const int u = src_[first_edge_[p] + e];
      if (u != t && round_[u] == g)
        matched(std::max(start_[u] + phase.timing->leaves[e], now_ + phase.timing->receives_posted), p, e);
    }
    if (outstanding_[t] == 0) end_round(t, ready_[t]);
  }

  // Edge e of phase p is matched at `when`: its bytes start to flow (or land, on a node) after its latency.
  void matched(double when, int p, std::int64_t e) {
    ++times_.messages;
    const PhaseTiming& timing = *phases_[p]->timing;
    const bool on_node = timing.route_offsets[e] == timing.route_offsets[e + 1];
    push(when + timing.latency[e], on_node ? Kind::lands_on_node : Kind::flows, first_edge_[p] + e);
  }

  // The message's bytes enter the network (FlowNetwork: its share until the next solve).
  void flows(std::int64_t message) {
    ++times_.flows;
    const int p = phase_of(message);
    const std::int64_t e = message - first_edge_[p];
    const double bytes = wire_bytes(phases_[p]->messages->bytes()[e]);
    const double rate = network_->start(message, route_of(message), bytes, now_);
    const bool brief = options_.quantum > 0 && bytes < kBrief * rate * phases_[p]->timing->latency[e];
    brief_[static_cast<std::size_t>(message)] = brief;
    changed(brief);
  }

  // A flow started or ended. A brief one waits for the window: counted as a change, the rounds of a collective
  // over thousands of tasks (8 bytes each, a few flows in the network at a time) would each trigger a solve.
  void changed(bool brief) {
    if (!dirty_) changed_ = now_;
    dirty_ = true;
    if (!brief) ++changes_;
  }

  // When the changes since the last solve are solved: at the end of the window, or now once `changes` of the
  // flows in the network have started or ended (short flows that would otherwise live their whole life on the
  // shares they started with).
  double next_solve() const {
    const double flows = static_cast<double>(std::max<std::size_t>(network_->active(), 1));
    return static_cast<double>(changes_) >= options_.changes * flows ? now_ : std::max(solve_after_, changed_);
  }

  // Every flow in the network gets its max-min fair rate; the next solve waits for the window.
  void solve_rates() {
    ++times_.solves;
    network_->solve(now_);
    dirty_ = false;
    changes_ = 0;
    solve_after_ = now_ + std::max(options_.delta * now_, options_.quantum);
  }

  void lands(std::int64_t message) {
    const int p = phase_of(message);
    landed(src_[message]);
    landed(phases_[p]->messages->targets()[message - first_edge_[p]]);
  }

  // One of task t's messages of its round has landed (sent or received).
  void landed(int t) {
    if (--outstanding_[t] == 0) end_round(t, std::max(ready_[t], now_));
  }

  void end_round(int t, double done) {
    const Round& round = rounds_[round_[t]];
    const StepPhase& phase = *phases_[round.phase];
    const double after = round.step_end && !after_.empty() ? after_[t] : 0.0;
    if (round.step >= 0) {
      const double comm = phase.timing->posted[t] + (done - ready_[t]);
      (phase.hides ? times_.exchange : times_.collective)[t] += comm;
      times_.compute[t] += after;
      if (round.step_end) {
        double& longest = times_.step[static_cast<std::size_t>(round.step)];
        longest = std::max(longest, done + after - step_start_[t]);
        times_.total[t] = done + after - timed_start_[t];
      }
    }
    enter(t, done + after);
  }

  // Task t is through its round at `when`: it enters the next one, first computing what precedes a call.
  void enter(int t, double when) {
    const std::size_t g = static_cast<std::size_t>(round_[t] + 1);
    if (g >= rounds_.size()) return;
    const Round& round = rounds_[g];
    if (round.step >= 0 && (g == 0 || rounds_[g - 1].step != round.step)) {
      step_start_[t] = when;
      if (round.step == 0) timed_start_[t] = when;
    }
    const std::vector<double>* before = phases_[round.phase]->before;
    const double lead = round.call && before ? (*before)[t] : 0.0;
    if (round.step >= 0) times_.compute[t] += lead;
    push(when + lead, Kind::start_round, t);
  }

  std::vector<const StepPhase*> phases_;  // the step's, the barrier's, the set-up's
  const std::vector<double>& hidden_;
  const std::vector<double>& after_;
  FlowOptions options_;
  int n_;
  std::vector<Round> rounds_;             // set-up, barrier, warmup steps, barrier, timed steps
  std::vector<std::int64_t> first_edge_;  // per phase: its first global edge id
  std::vector<Incoming> incoming_;
  std::vector<int> src_;  // per global edge
  std::optional<FlowNetwork> network_;  // made once the messages are counted
  std::vector<char> brief_;             // per message in the network: brief (see changed())
  bool dirty_ = false;
  std::int64_t changes_ = 0;  // flows started or ended since the last solve
  double changed_ = 0;             // when the first of them did
  double solve_after_ = 0;         // the next solve waits until then
  std::vector<int> round_;
  std::vector<double> start_, ready_, step_start_, timed_start_;
  std::vector<int> outstanding_;
  FlowTimes times_;
  std::uint64_t seq_ = 0;
  double now_ = 0;
  QuaternaryHeap<Event> queue_;
};

}  // namespace

FlowTimes predict_steps(const StepPlan& plan, int tasks, const StepResources& resources,
                        const std::vector<double>& hidden, const std::vector<double>& after,
                        const FlowOptions& options) {
  if (plan.steps <= 0 || tasks <= 0) return {};
  return StepSimulation(plan, tasks, resources, hidden, after, options).run();
}

}  // namespace tamp::impl
