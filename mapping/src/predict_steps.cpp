// Step-by-step predicted time (docs/mapping.md, "Step by step"): the phases of a step run on the tasks' own
// clocks, and the bytes of the messages in flight share the network. Events in time order: a task starts a
// round (one occurrence of a phase), a message is matched (its sender has posted it and its receiver has reached
// the round: a rendezvous, as in TAMP's simulated runs), its bytes start to flow after its latency, its last
// byte lands. While bytes flow, every resource on their way (injection links, links) gives each message crossing
// it an equal share of its bandwidth, and a message moves at its smallest share: the pairwise rounds of an
// all-to-all that drift apart load a link with a few rounds' messages at a time, not with a whole round's. The
// timed steps follow the untimed warmup steps and the barrier's rounds, as in the apps' runs.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>
#include <stdexcept>

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
  return r;
}

namespace {

enum class Kind : std::uint8_t { start_round, matched, flows, lands };

struct Event {
  double time;
  std::uint64_t seq;  // ties in time: first scheduled, first processed (deterministic)
  Kind kind;
  std::int64_t id;  // a task (start_round) or a message (global edge id)
  std::uint32_t version;
  bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

class StepSimulation {
 public:
  StepSimulation(const StepPlan& plan, int tasks, const StepResources& resources, const std::vector<double>& hidden,
                 const std::vector<double>& after)
      : resources_(resources), hidden_(hidden), after_(after), n_(tasks) {
    for (const StepPhase& phase : plan.phases) phases_.push_back(&phase);
    for (const StepPhase& phase : plan.barrier) phases_.push_back(&phase);
    const auto add_step = [&](bool timed) {
      for (std::size_t p = 0; p < plan.phases.size(); ++p)
        for (int k = 0; k < plan.phases[p].count; ++k) rounds_.push_back({static_cast<int>(p), timed, false});
      if (!plan.phases.empty()) rounds_.back().step_end = true;
    };
    for (int step = 0; step < plan.warmup; ++step) add_step(false);
    for (std::size_t b = 0; b < plan.barrier.size(); ++b)
      rounds_.push_back({static_cast<int>(plan.phases.size() + b), false, false});
    for (int step = 0; step < plan.steps; ++step) add_step(true);
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
    flow_.resize(src_.size());
    on_resource_.resize(resources.capacity.size());
    round_.assign(static_cast<std::size_t>(n_), -1);
    start_.assign(static_cast<std::size_t>(n_), 0.0);
    ready_.assign(start_.size(), 0.0);
    comm_.assign(start_.size(), 0.0);
    outstanding_.assign(start_.size(), 0);
    stamp_.assign(src_.size(), 0);
  }

  double run(int steps) {
    for (int t = 0; t < n_; ++t) push(0.0, Kind::start_round, t);
    while (!queue_.empty()) {
      const Event ev = queue_.top();
      queue_.pop();
      now_ = ev.time;
      switch (ev.kind) {
        case Kind::start_round: start_round(static_cast<int>(ev.id)); break;
        case Kind::matched: matched(ev.id); break;
        case Kind::flows: flows(ev.id); break;
        case Kind::lands:
          if (ev.version == flow_[ev.id].version) finish_flow(ev.id);
          break;
      }
    }
    return *std::max_element(comm_.begin(), comm_.end()) / steps;
  }

 private:
  struct Flow {
    double remaining = 0;  // bytes
    double rate = 0;       // bytes/s
    double since = 0;      // when remaining was last brought up to date
    std::uint32_t version = 0;
  };

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

  void push(double time, Kind kind, std::int64_t id, std::uint32_t version = 0) {
    queue_.push({time, seq_++, kind, id, version});
  }

  int phase_of(std::int64_t message) const {
    return static_cast<int>(std::upper_bound(first_edge_.begin(), first_edge_.end(), message) -
                            first_edge_.begin()) - 1;
  }

  // Task t reaches its next round now: it posts its messages, computes what it hides, and waits for its own.
  void start_round(int t) {
    const int g = ++round_[t];
    start_[t] = now_;
    if (g >= static_cast<int>(rounds_.size())) return;
    const int p = rounds_[g].phase;
    const StepPhase& phase = *phases_[p];
    const TaskGraph& m = *phase.messages;
    ready_[t] = now_ + phase.timing->posted[t] + (phase.hides && !hidden_.empty() ? hidden_[t] : 0.0);
    const Incoming& in = incoming_[p];
    outstanding_[t] = static_cast<int>((m.offsets()[t + 1] - m.offsets()[t]) + (in.offsets[t + 1] - in.offsets[t]));
    // A message is matched once both ends are in the round: the later of them matches it.
    for (std::int64_t e = m.offsets()[t]; e < m.offsets()[t + 1]; ++e) {
      const int v = m.targets()[e];
      if (round_[v] == g || v == t)
        push(std::max(now_ + phase.timing->leaves[e], start_[v] + phase.timing->receives_posted), Kind::matched,
             first_edge_[p] + e);
    }
    for (std::int64_t k = in.offsets[t]; k < in.offsets[t + 1]; ++k) {
      const std::int64_t e = in.edges[k];
      const int u = src_[first_edge_[p] + e];
      if (u != t && round_[u] == g)
        push(std::max(start_[u] + phase.timing->leaves[e], now_ + phase.timing->receives_posted), Kind::matched,
             first_edge_[p] + e);
    }
    if (outstanding_[t] == 0) end_round(t, ready_[t]);
  }

  void matched(std::int64_t message) {
    const int p = phase_of(message);
    const std::int64_t e = message - first_edge_[p];
    const PhaseTiming& timing = *phases_[p]->timing;
    const bool local = timing.route_offsets[e] == timing.route_offsets[e + 1];
    push(now_ + timing.latency[e], local ? Kind::lands : Kind::flows, message, flow_[message].version);
  }

  // The message's bytes enter the network: the flows sharing a resource with it slow down.
  void flows(std::int64_t message) {
    const int p = phase_of(message);
    const std::int64_t e = message - first_edge_[p];
    const PhaseTiming& timing = *phases_[p]->timing;
    Flow& f = flow_[message];
    f.remaining = phases_[p]->messages->bytes()[e];
    f.since = now_;
    f.rate = 0;
    for (std::int64_t k = timing.route_offsets[e]; k < timing.route_offsets[e + 1]; ++k)
      on_resource_[timing.route[k]].push_back(message);
    reshare(timing, e);
  }

  void finish_flow(std::int64_t message) {
    const int p = phase_of(message);
    const std::int64_t e = message - first_edge_[p];
    const PhaseTiming& timing = *phases_[p]->timing;
    const bool local = timing.route_offsets[e] == timing.route_offsets[e + 1];
    if (!local) {
      ++flow_[message].version;  // no later event of this flow counts
      for (std::int64_t k = timing.route_offsets[e]; k < timing.route_offsets[e + 1]; ++k) {
        auto& list = on_resource_[timing.route[k]];
        list.erase(std::find(list.begin(), list.end(), message));
      }
      reshare(timing, e);
    }
    const TaskGraph& m = *phases_[p]->messages;
    landed(src_[message]);
    landed(m.targets()[e]);
  }

  // The flows on the resources of edge e of a phase get their new share (each flow once).
  void reshare(const PhaseTiming& timing, std::int64_t e) {
    ++epoch_;
    for (std::int64_t k = timing.route_offsets[e]; k < timing.route_offsets[e + 1]; ++k) {
      for (std::int64_t message : on_resource_[timing.route[k]]) {
        if (stamp_[message] == epoch_) continue;
        stamp_[message] = epoch_;
        update_rate(message);
      }
    }
  }

  void update_rate(std::int64_t message) {
    const int p = phase_of(message);
    const std::int64_t e = message - first_edge_[p];
    const PhaseTiming& timing = *phases_[p]->timing;
    Flow& f = flow_[message];
    f.remaining = std::max(0.0, f.remaining - f.rate * (now_ - f.since));
    f.since = now_;
    double rate = std::numeric_limits<double>::infinity();
    for (std::int64_t k = timing.route_offsets[e]; k < timing.route_offsets[e + 1]; ++k) {
      const int r = timing.route[k];
      rate = std::min(rate, resources_.capacity[r] / static_cast<double>(on_resource_[r].size()));
    }
    f.rate = rate;
    push(now_ + f.remaining / rate, Kind::lands, message, ++f.version);
  }

  // One of task t's messages of its round has landed (sent or received).
  void landed(int t) {
    if (--outstanding_[t] == 0) end_round(t, std::max(ready_[t], now_));
  }

  void end_round(int t, double done) {
    const Round& round = rounds_[round_[t]];
    if (round.timed) comm_[t] += phases_[round.phase]->timing->posted[t] + (done - ready_[t]);
    const double next = done + (round.step_end && !after_.empty() ? after_[t] : 0.0);
    push(next, Kind::start_round, t);
  }

  struct Round {
    int phase;  // into phases_
    bool timed;
    bool step_end;  // the last round of a step: `after` follows
  };

  std::vector<const StepPhase*> phases_;  // the step's, then the barrier's
  const StepResources& resources_;
  const std::vector<double>& hidden_;
  const std::vector<double>& after_;
  int n_;
  std::vector<Round> rounds_;  // warmup steps, barrier, timed steps
  std::vector<std::int64_t> first_edge_;  // per phase: its first global edge id
  std::vector<Incoming> incoming_;
  std::vector<int> src_;  // per global edge
  std::vector<Flow> flow_;
  std::vector<std::vector<std::int64_t>> on_resource_;  // the flows crossing each resource now
  std::vector<int> round_;
  std::vector<double> start_, ready_, comm_;
  std::vector<int> outstanding_;
  std::vector<std::uint64_t> stamp_;
  std::uint64_t epoch_ = 0;
  std::uint64_t seq_ = 0;
  double now_ = 0;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> queue_;
};

}  // namespace

double predict_steps(const StepPlan& plan, int tasks, const StepResources& resources,
                     const std::vector<double>& hidden, const std::vector<double>& after) {
  if (plan.steps <= 0 || tasks <= 0) return 0;
  return StepSimulation(plan, tasks, resources, hidden, after).run(plan.steps);
}

}  // namespace tamp::impl
