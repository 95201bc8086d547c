// tamp-replay's step plan: calls from phases, collectives recognised as MPI calls, buffers laid out per task,
// refused graphs; and the byte patterns that verification checks.
#include <gtest/gtest.h>

#include <numeric>

#include "byte_pattern.hpp"
#include "call_patterns.hpp"
#include "collective_match.hpp"
#include "replay_plan.hpp"
#include "tamp/collectives.hpp"

namespace tamp::replay {
namespace {

std::vector<int> ranks_of(int P) {
  std::vector<int> r(static_cast<std::size_t>(P));
  std::iota(r.begin(), r.end(), 0);
  return r;
}

std::vector<std::vector<Edge>> as_rounds(const CollectiveRounds& rounds) {
  std::vector<std::vector<Edge>> out;
  for (const auto& r : rounds)
    if (!r.empty()) out.push_back(r);
  return out;
}

TEST(ReplayMatch, RecognisesEachCollectiveItGenerates) {
  for (int P : {2, 3, 4, 6, 8}) {
    const auto all = ranks_of(P);
    const auto allreduce = match_collective(as_rounds(allreduce_rdb(all, 8)), P);
    ASSERT_TRUE(allreduce) << P;
    EXPECT_EQ(allreduce->op, Collective::allreduce);
    EXPECT_EQ(allreduce->bytes, 8);
    const auto bcast = match_collective(as_rounds(bcast_binomial(all, P - 1, 100)), P);
    ASSERT_TRUE(bcast);
    if (P > 2) {  // on 2 ranks a bcast is one message: the same as a scatter, matched as a bcast first
      EXPECT_EQ(bcast->op, Collective::bcast);
      EXPECT_EQ(bcast->root, P - 1);
    }
    if (P >= 4) {
      const auto reduce = match_collective(as_rounds(reduce_binomial(all, 1, 16)), P);
      ASSERT_TRUE(reduce);
      EXPECT_EQ(reduce->op, Collective::reduce);
      EXPECT_EQ(reduce->root, 1);
      const auto a2a = match_collective(as_rounds(alltoall_pairwise(all, 4)), P);
      ASSERT_TRUE(a2a);
      EXPECT_EQ(a2a->op, Collective::alltoall);
      const auto gather = match_collective(as_rounds(gather_linear(all, 2, 4)), P);
      ASSERT_TRUE(gather);
      EXPECT_EQ(gather->op, Collective::gather);
      EXPECT_EQ(gather->root, 2);
    }
  }
}

TEST(ReplayMatch, RefusesWhatNoMpiCallSends) {
  // One message missing from a recursive doubling, and a collective on half the ranks (a sub-communicator).
  auto rounds = as_rounds(allreduce_rdb(ranks_of(4), 8));
  rounds[1].pop_back();
  EXPECT_FALSE(match_collective(rounds, 4));
  EXPECT_FALSE(match_collective(as_rounds(allreduce_rdb({0, 1}, 8)), 4));
  // Different bytes on one message.
  auto uneven = as_rounds(allreduce_rdb(ranks_of(4), 8));
  uneven[0][0].bytes = 9;
  EXPECT_FALSE(match_collective(uneven, 4));
}

TEST(ReplayPlan, GraphWithoutPhasesIsOneExchange) {
  const TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 10}, {1, 0, 10}, {1, 2, 2.5}});
  const ReplayPlan plan = make_replay_plan(g, "--graph g");
  ASSERT_EQ(plan.calls.size(), 1u);
  const Call& c = plan.calls[0];
  EXPECT_FALSE(c.collective);
  ASSERT_EQ(c.rounds.size(), 1u);
  EXPECT_EQ(plan.messages, 3);
  EXPECT_EQ(plan.bytes, 23);  // 2.5 bytes travel as 3
  // Task 1 sends 10 bytes to 0 then 3 to 2, one after the other in its send buffer; task 2 receives 3.
  EXPECT_EQ(c.send_bytes, (std::vector<std::int64_t>{10, 13, 0}));
  EXPECT_EQ(c.recv_bytes, (std::vector<std::int64_t>{10, 10, 3}));
  const Round& r = c.rounds[0];
  ASSERT_EQ(r.send_begin[2] - r.send_begin[1], 2);
  EXPECT_EQ(r.sends[r.send_begin[1] + 1].offset, 10);
  EXPECT_EQ(r.recvs[r.recv_begin[2]].peer, 1);
  EXPECT_EQ(r.recvs[r.recv_begin[2]].bytes, 3);
  EXPECT_EQ(plan.largest_task, 23);
}

TEST(ReplayPlan, PhasesInOrderCollectivesGroupedAndMatched) {
  std::vector<Phase> phases;
  phases.push_back({"faces", PhaseKind::p2p, 2, {{0, 1, 100}, {1, 0, 100}, {2, 3, 100}, {3, 2, 100}}});
  add_collective(phases, "sum", 3, {allreduce_rdb(ranks_of(4), 8)});
  add_collective(phases, "column", 1, {bcast_binomial({0, 2}, 0, 64)});  // half the ranks: sent as messages
  const ReplayPlan plan = make_replay_plan(TaskGraph::from_phases(4, phases), "--graph g");
  ASSERT_EQ(plan.calls.size(), 3u);
  EXPECT_EQ(plan.calls[0].name, "faces");
  EXPECT_EQ(plan.calls[0].count, 2);
  EXPECT_EQ(plan.calls[1].name, "sum");
  EXPECT_EQ(plan.calls[1].count, 3);
  EXPECT_EQ(plan.calls[1].mpi.op, Collective::allreduce);
  EXPECT_TRUE(plan.calls[1].rounds.empty());
  EXPECT_EQ(plan.calls[1].send_bytes, (std::vector<std::int64_t>(4, 8)));
  EXPECT_EQ(plan.calls[2].mpi.op, Collective::rounds);
  ASSERT_EQ(plan.calls[2].rounds.size(), 1u);
  EXPECT_EQ(plan.calls[2].recv_bytes, (std::vector<std::int64_t>{0, 0, 64, 0}));
  // 4 x 2 face messages, 8 x 3 allreduce messages (2 rounds of 4), 1 column message.
  EXPECT_EQ(plan.messages, 8 + 24 + 1);
}

// The flow engine times each call as the replay posts it: the allreduce over all 6 ranks as SMPI's recursive
// doubling (its fold rounds blocking), the bcast over half the ranks, sent as messages, receives first,
// whatever the graph said.
TEST(ReplayPlan, PhasesArePostedAsTheReplayPostsThem) {
  std::vector<Phase> phases;
  phases.push_back({"faces", PhaseKind::p2p, 1, {{0, 1, 100}, {1, 0, 100}}});
  add_collective(phases, "sum", 1, {allreduce_rdb(ranks_of(6), 8)});
  add_collective(phases, "column", 1, {bcast_binomial({0, 2, 4}, 0, 64)}, Posting::blocking);
  const TaskGraph graph = TaskGraph::from_phases(6, phases);
  const std::vector<Phase> posted = phases_as_replayed(graph, make_replay_plan(graph, "--graph g"));
  std::vector<Posting> got;
  for (const Phase& p : posted) got.push_back(p.posting);
  EXPECT_EQ(got, (std::vector<Posting>{Posting::nonblocking, Posting::blocking, Posting::sendrecv,
                                       Posting::sendrecv, Posting::blocking, Posting::nonblocking,
                                       Posting::nonblocking}));
}

TEST(ReplayPlan, RefusesFractionalCountsAndHugeMessages) {
  const TaskGraph fraction = TaskGraph::from_phases(2, {{"x", PhaseKind::p2p, 1.5, {{0, 1, 8}}}});
  try {
    make_replay_plan(fraction, "--graph f");
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--graph f: phase x runs 1.5 times per step; a replay runs whole calls");
  }
  const TaskGraph huge = TaskGraph::from_edges(2, {{0, 1, 3e9}});
  EXPECT_THROW(make_replay_plan(huge, "--graph h"), std::invalid_argument);
  // A phase of count 0 never runs.
  const TaskGraph never = TaskGraph::from_phases(2, {{"x", PhaseKind::p2p, 0, {{0, 1, 8}}}});
  EXPECT_TRUE(make_replay_plan(never, "--graph n").calls.empty());
}

// Each task's buffers of one call, as the run lays them out.
struct Tasks {
  std::vector<std::vector<unsigned char>> send, recv;
  std::vector<CallBuffers> buffers;
  Tasks(const Call& call, int P) : send(P), recv(P), buffers(P) {
    for (int t = 0; t < P; ++t) {
      send[t].assign(static_cast<std::size_t>(call.send_bytes[t]), 0);
      recv[t].assign(static_cast<std::size_t>(call.recv_bytes[t]), 0);
      buffers[t] = {t, P, send[t].data(), recv[t].data()};
    }
  }
  // What the MPI library does with the messages of the call's rounds, all but `dropped` (-1: none) delivered.
  void deliver_rounds(const Call& call, int dropped = -1) {
    int n = 0;
    for (const Round& r : call.rounds)
      for (int u = 0; u < static_cast<int>(buffers.size()); ++u)
        for (std::int64_t m = r.send_begin[u]; m < r.send_begin[u + 1]; ++m, ++n) {
          const Message& out = r.sends[m];
          for (std::int64_t i = r.recv_begin[out.peer]; i < r.recv_begin[out.peer + 1]; ++i)
            if (r.recvs[i].peer == u && n != dropped)
              std::copy_n(send[u].begin() + out.offset, out.bytes,
                          recv[out.peer].begin() + r.recvs[i].offset);
        }
  }
  std::int64_t wrong(const Call& call, int id, std::int64_t occurrence) const {
    std::int64_t w = 0;
    for (const CallBuffers& b : buffers) w += check_receives(call, id, b, occurrence).wrong;
    return w;
  }
};

TEST(CallPatterns, MessagesDeliveredPassStaleOrMissingOnesFail) {
  const TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 10}, {1, 0, 3}, {1, 2, 20}, {2, 2, 5}});
  const Call call = make_replay_plan(g, "g").calls.at(0);
  Tasks tasks(call, 3);
  for (const CallBuffers& b : tasks.buffers) fill_sends(call, 0, b);
  for (const CallBuffers& b : tasks.buffers) stamp_sends(call, 0, b, 7);
  tasks.deliver_rounds(call);
  EXPECT_EQ(tasks.wrong(call, 0, 7), 0);
  EXPECT_GT(tasks.wrong(call, 0, 6), 0);  // checked as the step before: every stamp differs
  EXPECT_GT(tasks.wrong(call, 1, 7), 0);  // as another call
  for (const CallBuffers& b : tasks.buffers) stamp_sends(call, 0, b, 8);
  tasks.deliver_rounds(call,
                       2);  // one message of occurrence 8 never arrives: its receiver keeps occurrence 7
  EXPECT_GT(tasks.wrong(call, 0, 8), 0);
  EXPECT_LE(tasks.wrong(call, 0, 8), 8);
}

TEST(CallPatterns, ReductionOfBlocksAndAllToAllBlocks) {
  std::vector<Phase> phases;
  add_collective(phases, "sum", 1, {allreduce_rdb(ranks_of(3), 20)});
  add_collective(phases, "swap", 1, {alltoall_pairwise(ranks_of(3), 5)});
  const ReplayPlan plan = make_replay_plan(TaskGraph::from_phases(3, phases), "g");
  ASSERT_EQ(plan.calls.size(), 2u);
  const Call& sum = plan.calls[0];
  const Call& swap = plan.calls[1];
  ASSERT_EQ(sum.mpi.op, Collective::allreduce);
  ASSERT_EQ(swap.mpi.op, Collective::alltoall);
  Tasks s(sum, 3), a(swap, 3);
  for (int t = 0; t < 3; ++t) {
    fill_sends(sum, 0, s.buffers[t]);
    stamp_sends(sum, 0, s.buffers[t], 2);
    fill_sends(swap, 1, a.buffers[t]);
    stamp_sends(swap, 1, a.buffers[t], 2);
  }
  // MPI_Allreduce with MPI_BXOR; MPI_Alltoall: block d of task u lands as block u of task d.
  for (int t = 0; t < 3; ++t)
    for (int i = 0; i < 20; ++i) s.recv[t][i] = s.send[0][i] ^ s.send[1][i] ^ s.send[2][i];
  for (int u = 0; u < 3; ++u)
    for (int d = 0; d < 3; ++d) std::copy_n(a.send[u].begin() + 5 * d, 5, a.recv[d].begin() + 5 * u);
  EXPECT_EQ(s.wrong(sum, 0, 2), 0);
  EXPECT_EQ(a.wrong(swap, 1, 2), 0);
  // A rank left out of the reduction: the bytes of its block are wrong on every rank.
  const auto [lo, hi] = reduction_block(20, 1, 3);
  for (int t = 0; t < 3; ++t)
    for (int i = 0; i < 20; ++i) s.recv[t][i] = s.send[0][i] ^ s.send[2][i];
  EXPECT_GT(s.wrong(sum, 0, 2), 0);
  EXPECT_LE(s.wrong(sum, 0, 2), 3 * (hi - lo));
}

TEST(BytePattern, DiffersBySenderReceiverRoundAndOccurrence) {
  std::vector<unsigned char> a(64), b(64);
  BytePattern(1, 0, 2, 3).fill(a.data(), 0, 64, 5);
  EXPECT_EQ(BytePattern(1, 0, 2, 3).mismatches(a.data(), 0, 64, 5), 0);
  EXPECT_GT(BytePattern(1, 0, 3, 2).mismatches(a.data(), 0, 64, 5), 32);  // from the other end
  EXPECT_GT(BytePattern(1, 1, 2, 3).mismatches(a.data(), 0, 64, 5), 32);  // another round
  EXPECT_GT(BytePattern(1, 0, 2, 3).mismatches(a.data(), 0, 64, 4), 0);   // the step before: stale
  // Re-stamping a filled message for the next occurrence changes only its first 8 bytes.
  b = a;
  BytePattern(1, 0, 2, 3).stamp(b.data(), 0, 64, 6);
  EXPECT_EQ(BytePattern(1, 0, 2, 3).mismatches(b.data(), 0, 64, 6), 0);
  EXPECT_TRUE(std::equal(a.begin() + 8, a.end(), b.begin() + 8));
  // One corrupted byte is found; a part of a message checks against its own offsets.
  b[40] ^= 1;
  EXPECT_EQ(BytePattern(1, 0, 2, 3).mismatches(b.data(), 0, 64, 6), 1);
  EXPECT_EQ(BytePattern(1, 0, 2, 3).mismatches(b.data() + 16, 16, 64, 6), 1);
}

}  // namespace
}  // namespace tamp::replay
