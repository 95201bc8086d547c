// What one step of a replay does, built once from the task graph (no MPI): the graph's phases in order as
// calls — a point-to-point exchange, an MPI collective the rounds of a collective match, or those rounds sent
// as messages — with every task's messages and where each sits in the task's buffers.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "collective_match.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::replay {

/// One message of a task: to or from `peer` (a rank of the call's communicator), `bytes` long, at `offset` in
/// the task's send or receive buffer of the call.
struct Message {
  int peer = 0;
  std::int64_t bytes = 0;
  std::int64_t offset = 0;
};

/// The messages of one round: task t sends sends[send_begin[t] .. send_begin[t+1]) and receives likewise.
struct Round {
  std::vector<std::int64_t> send_begin, recv_begin;
  std::vector<Message> sends, recvs;
};

/// One call of a step: a p2p phase (one round), or a collective (its rounds NAME/r0, NAME/r1, ...).
struct Call {
  std::string name;             // the phase's name, or the collective's NAME
  bool collective = false;      // PhaseKind::collective: timed as a collective
  bool launcher_order = false;  // endpoints are ranks of the slot-order communicator (Phase::launcher_order)
  int count = 1;                // calls per step
  MatchedCollective mpi;  // the MPI call that runs it; op == rounds: the rounds below are sent as messages
  std::vector<Round> rounds;                         // empty when an MPI call runs it
  std::vector<std::int64_t> send_bytes, recv_bytes;  // per task: its buffers for this call
  std::size_t first_phase = 0;  // its phases in the graph: [first_phase, first_phase + rounds of the call)
  std::size_t phases = 0;
};

struct ReplayPlan {
  int tasks = 0;
  std::vector<Call> calls;
  std::int64_t messages = 0;      // point-to-point messages of one step (rounds of unmatched collectives too)
  double bytes = 0;               // bytes of one step, every message and matched collective as the graph says
  std::int64_t largest_task = 0;  // the most buffer bytes one task holds
  double all_tasks = 0;           // buffer bytes of all tasks
};

/// The calls of one step of `graph`: its phases in order (rounds of one collective — consecutive collective
/// phases NAME/rK of one count — together, as the flow engine groups them), or its messages as one p2p phase
/// when it has no phases. Messages carry ceil(bytes). Throws std::invalid_argument (prefixed `what`) on a
/// count that is not whole or a message of 2^31 bytes or more (MPI counts are int).
ReplayPlan make_replay_plan(const TaskGraph& graph, const std::string& what);

/// The graph's phases posted as tamp-replay posts them (Phase::posting, which the flow engine times): a call
/// an MPI collective runs as that algorithm posts it (allreduce_rdb_posting, bcast and reduce blocking,
/// alltoall sendrecv, scatter and gather nonblocking), every other call as its messages: nonblocking
/// (receives first).
std::vector<Phase> phases_as_replayed(const TaskGraph& graph, const ReplayPlan& plan);

}  // namespace tamp::replay
