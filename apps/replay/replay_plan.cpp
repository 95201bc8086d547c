// The calls of a replay step, from the task graph's phases.
#include "replay_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "tamp/collectives.hpp"

namespace tamp::replay {
namespace {

constexpr double kMaxMessage = std::numeric_limits<int>::max();  // MPI counts are int

// A fraction of a byte cannot travel: a message carries the bytes rounded up.
std::int64_t message_bytes(double bytes, const std::string& what, const std::string& phase) {
  const double whole = std::ceil(bytes);
  if (whole > kMaxMessage)
    throw std::invalid_argument(
        fmt::format("{}: phase {} has a message of {:.0f} bytes, more than an MPI count "
                    "(2^31 - 1)",
                    what, phase, whole));
  return static_cast<std::int64_t>(whole);
}

int whole_count(const Phase& phase, const std::string& what) {
  if (phase.count != std::floor(phase.count) || phase.count > std::numeric_limits<int>::max())
    throw std::invalid_argument(fmt::format(
        "{}: phase {} runs {:g} times per step; a replay runs whole calls", what, phase.name, phase.count));
  return static_cast<int>(phase.count);
}

// One round's messages per task, laid out after what the call's earlier rounds put in each task's buffers.
// TaskGraph::from_edges merges a pair's messages and drops empty ones, as the flow engine's phases do.
Round make_round(const std::vector<Edge>& edges, int tasks, Call& call, const std::string& what,
                 const std::string& phase) {
  const TaskGraph messages = TaskGraph::from_edges(tasks, edges);
  Round round;
  round.send_begin.assign(messages.offsets().begin(), messages.offsets().end());
  round.recv_begin.assign(static_cast<std::size_t>(tasks) + 1, 0);
  for (int v : messages.targets()) ++round.recv_begin[static_cast<std::size_t>(v) + 1];
  for (int t = 0; t < tasks; ++t) round.recv_begin[t + 1] += round.recv_begin[t];
  round.sends.resize(messages.targets().size());
  round.recvs.resize(messages.targets().size());
  std::vector<std::int64_t> next(round.recv_begin.begin(), round.recv_begin.end() - 1);
  for (int u = 0; u < tasks; ++u) {
    for (std::int64_t e = messages.offsets()[u]; e < messages.offsets()[u + 1]; ++e) {
      const int v = messages.targets()[e];
      const std::int64_t bytes = message_bytes(messages.bytes()[e], what, phase);
      round.sends[e] = {v, bytes, call.send_bytes[u]};
      call.send_bytes[u] += bytes;
      round.recvs[next[v]++] = {u, bytes, call.recv_bytes[v]};
      call.recv_bytes[v] += bytes;
    }
  }
  return round;
}

// The buffers of an MPI collective of `b` bytes per rank or per pair.
void size_buffers(Call& call, int tasks) {
  const std::int64_t b = static_cast<std::int64_t>(std::ceil(call.mpi.bytes));
  const std::int64_t all = b * tasks;
  const int root = call.mpi.root;
  for (int t = 0; t < tasks; ++t) {
    std::int64_t& send = call.send_bytes[t];
    std::int64_t& recv = call.recv_bytes[t];
    switch (call.mpi.op) {
      case Collective::allreduce:
        send = recv = b;
        break;
      case Collective::bcast:
        recv = b;
        break;  // one buffer: the root's data, the others' copy
      case Collective::reduce:
        send = b, recv = t == root ? b : 0;
        break;
      case Collective::alltoall:
        send = recv = all;
        break;
      case Collective::scatter:
        send = t == root ? all : 0, recv = b;
        break;
      case Collective::gather:
        send = b, recv = t == root ? all : 0;
        break;
      case Collective::rounds:
        break;
    }
  }
}

}  // namespace

ReplayPlan make_replay_plan(const TaskGraph& graph, const std::string& what) {
  ReplayPlan plan;
  const int tasks = graph.num_tasks();
  plan.tasks = tasks;
  std::vector<Phase> phases = graph.phases();
  if (!graph.has_phases()) phases.push_back({"messages", PhaseKind::p2p, 1, graph.edges()});
  for (std::size_t p = 0; p < phases.size();) {
    const Phase& first = phases[p];
    const std::string group = first.kind == PhaseKind::collective ? collective_of(first.name) : "";
    std::size_t q = p + 1;
    while (!group.empty() && q < phases.size() && phases[q].kind == PhaseKind::collective &&
           phases[q].count == first.count && phases[q].launcher_order == first.launcher_order &&
           collective_of(phases[q].name) == group)
      ++q;
    Call call;
    call.first_phase = p;
    call.phases = q - p;
    call.name = group.empty() ? first.name : group;
    call.collective = first.kind == PhaseKind::collective;
    call.launcher_order = first.launcher_order;
    call.count = whole_count(first, what);
    call.send_bytes.assign(static_cast<std::size_t>(tasks), 0);
    call.recv_bytes.assign(static_cast<std::size_t>(tasks), 0);
    std::vector<std::vector<Edge>> rounds;
    for (std::size_t r = p; r < q; ++r) rounds.push_back(phases[r].edges);
    p = q;
    if (call.count == 0) continue;
    double bytes = 0;
    for (const auto& round : rounds) {
      for (const Edge& e : round) {
        bytes += static_cast<double>(message_bytes(e.bytes, what, call.name));
        plan.messages += e.bytes > 0 ? call.count : 0;
      }
    }
    plan.bytes += bytes * call.count;
    const auto matched = call.collective ? match_collective(rounds, tasks) : std::nullopt;
    if (matched) {
      call.mpi = *matched;
      size_buffers(call, tasks);
    } else {
      for (std::size_t r = 0; r < rounds.size(); ++r)
        call.rounds.push_back(make_round(rounds[r], tasks, call, what, call.name));
    }
    plan.calls.push_back(std::move(call));
  }
  for (int t = 0; t < tasks; ++t) {
    std::int64_t held = 0;
    for (const Call& call : plan.calls) held += call.send_bytes[t] + call.recv_bytes[t];
    plan.largest_task = std::max(plan.largest_task, held);
    plan.all_tasks += static_cast<double>(held);
  }
  return plan;
}

std::vector<Phase> phases_as_replayed(const TaskGraph& graph, const ReplayPlan& plan) {
  std::vector<Phase> phases = graph.phases();
  for (Phase& phase : phases) phase.posting = Posting::nonblocking;
  for (const Call& call : plan.calls) {
    if (call.mpi.op == Collective::rounds || call.first_phase + call.phases > phases.size()) continue;
    std::vector<Posting> posting(call.phases, Posting::nonblocking);
    if (call.mpi.op == Collective::allreduce) posting = allreduce_rdb_posting(plan.tasks);
    if (call.mpi.op == Collective::bcast || call.mpi.op == Collective::reduce)
      std::fill(posting.begin(), posting.end(), Posting::blocking);
    if (call.mpi.op == Collective::alltoall) std::fill(posting.begin(), posting.end(), Posting::sendrecv);
    for (std::size_t k = 0; k < call.phases && k < posting.size(); ++k)
      phases[call.first_phase + k].posting = posting[k];
  }
  return phases;
}

}  // namespace tamp::replay
