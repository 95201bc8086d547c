// The partner schedules of the collective algorithms, checked by hand against SimGrid's sources
// (allreduce-rdb.cpp, bcast-binomial-tree.cpp, reduce-binomial.cpp, alltoall-pair.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "tamp/collectives.hpp"

namespace tamp {
namespace {

using Pairs = std::vector<std::pair<int, int>>;

Pairs pairs(const std::vector<Edge>& round) {
  Pairs p;
  for (const Edge& e : round) p.emplace_back(e.src, e.dst);
  return p;
}

TEST(Collectives, AllreduceRdbFourRanks) {
  // Tasks 10..13 are ranks 0..3: round 0 exchanges with rank ^ 1, round 1 with rank ^ 2.
  const CollectiveRounds r = allreduce_rdb({10, 11, 12, 13}, 8);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{10, 11}, {11, 10}, {12, 13}, {13, 12}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{10, 12}, {11, 13}, {12, 10}, {13, 11}}));
  for (const auto& round : r)
    for (const Edge& e : round) EXPECT_EQ(e.bytes, 8);
}

TEST(Collectives, AllreduceRdbSixRanksFolds) {
  // pof2 = 4, rem = 2: ranks 0 and 2 hand their data to 1 and 3; ranks 1, 3, 4, 5 (new ranks 0..3) double;
  // 1 and 3 give the result back.
  const CollectiveRounds r = allreduce_rdb({0, 1, 2, 3, 4, 5}, 16);
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{0, 1}, {2, 3}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{1, 3}, {3, 1}, {4, 5}, {5, 4}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{1, 4}, {3, 5}, {4, 1}, {5, 3}}));
  EXPECT_EQ(pairs(r[3]), (Pairs{{1, 0}, {3, 2}}));
}

TEST(Collectives, AllreduceOneRankHasNoMessages) {
  EXPECT_TRUE(allreduce_rdb({7}, 8).empty());
}

TEST(Collectives, BcastBinomialFiveRanks) {
  // The root sends to relative ranks 4, 2, 1 one after the other; rank 2 forwards to 3 once it has the data.
  const CollectiveRounds r = bcast_binomial({0, 1, 2, 3, 4}, 0, 100);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{0, 4}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{0, 2}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{0, 1}, {2, 3}}));
}

TEST(Collectives, BcastBinomialFromAnotherRoot) {
  // Root rank 2 of 5: relative rank v is rank (v + 2) mod 5, task 10 + rank.
  const CollectiveRounds r = bcast_binomial({10, 11, 12, 13, 14}, 2, 1);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{12, 11}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{12, 14}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{12, 13}, {14, 10}}));
}

TEST(Collectives, BcastBinomialSixRanksSendsAsSoonAsItCan) {
  // Rank 4 has no child 6, so it sends to 5 right after receiving: in round 1, with the root's send to 2.
  const CollectiveRounds r = bcast_binomial({0, 1, 2, 3, 4, 5}, 0, 1);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{0, 4}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{0, 2}, {4, 5}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{0, 1}, {2, 3}}));
}

TEST(Collectives, ReduceBinomialFiveRanks) {
  // SimGrid's reduce-binomial.cpp: the root receives from 1, then 2, then 4, each a blocking receive, so leaf
  // 4 waits for the root to have heard from 2, which sends once it has 3's data.
  const CollectiveRounds r = reduce_binomial({0, 1, 2, 3, 4}, 0, 8);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{1, 0}, {3, 2}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{2, 0}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{4, 0}}));
}

TEST(Collectives, ReduceBinomialSixRanksFromRootTwo) {
  // Relative ranks v = (r - 2) mod 6: 5 (rank 1) -> 4 (rank 0) in round 0, beside 1 -> 0 and 3 -> 2; then 2
  // -> 0 (rank 4 -> 2); the root's receive from 4 (rank 0) follows in round 2.
  const CollectiveRounds r = reduce_binomial({0, 1, 2, 3, 4, 5}, 2, 8);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{3, 2}, {5, 4}, {1, 0}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{4, 2}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{0, 2}}));
}

TEST(Collectives, ReduceBinomialPowerOfTwoIsLogRounds) {
  const CollectiveRounds r = reduce_binomial({0, 1, 2, 3, 4, 5, 6, 7}, 0, 8);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{1, 0}, {3, 2}, {5, 4}, {7, 6}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{2, 0}, {6, 4}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{4, 0}}));
}

TEST(Collectives, AllreducePostingFoldsByBlockingMessages) {
  EXPECT_EQ(allreduce_rdb_posting(4), (std::vector<Posting>{Posting::sendrecv, Posting::sendrecv}));
  EXPECT_EQ(allreduce_rdb_posting(6), (std::vector<Posting>{Posting::blocking, Posting::sendrecv,
                                                            Posting::sendrecv, Posting::blocking}));
  EXPECT_EQ(allreduce_rdb_posting(6).size(), allreduce_rdb({0, 1, 2, 3, 4, 5}, 8).size());
  EXPECT_TRUE(allreduce_rdb_posting(1).empty());
}

TEST(Collectives, ReduceIsTheBcastTreeReversed) {
  for (int P = 1; P <= 19; ++P) {
    std::vector<int> ranks(P);
    for (int i = 0; i < P; ++i) ranks[i] = 3 * i;
    std::set<std::pair<int, int>> down, up;
    for (const auto& round : bcast_binomial(ranks, P / 2, 1))
      for (const Edge& e : round) down.insert({e.src, e.dst});
    for (const auto& round : reduce_binomial(ranks, P / 2, 1))
      for (const Edge& e : round) up.insert({e.dst, e.src});
    EXPECT_EQ(down, up) << P << " ranks";
    EXPECT_EQ(static_cast<int>(down.size()), P - 1) << P << " ranks";
  }
}

TEST(Collectives, AlltoallPairFourRanks) {
  const CollectiveRounds r = alltoall_pairwise({0, 1, 2, 3}, 5);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{0, 1}, {1, 0}, {2, 3}, {3, 2}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{0, 2}, {1, 3}, {2, 0}, {3, 1}}));
  EXPECT_EQ(pairs(r[2]), (Pairs{{0, 3}, {1, 2}, {2, 1}, {3, 0}}));
}

TEST(Collectives, AlltoallThreeRanksShifts) {
  const CollectiveRounds r = alltoall_pairwise({0, 1, 2}, 5);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(pairs(r[0]), (Pairs{{0, 1}, {1, 2}, {2, 0}}));
  EXPECT_EQ(pairs(r[1]), (Pairs{{0, 2}, {1, 0}, {2, 1}}));
}

TEST(Collectives, ScatterAndGatherAreOneRound) {
  EXPECT_EQ(pairs(scatter_linear({4, 5, 6}, 1, 2).at(0)), (Pairs{{5, 4}, {5, 6}}));
  EXPECT_EQ(pairs(gather_linear({4, 5, 6}, 1, 2).at(0)), (Pairs{{4, 5}, {6, 5}}));
}

TEST(Collectives, ConcurrentCommunicatorsShareRounds) {
  std::vector<Phase> phases;
  add_collective(phases, "sum", 3, {allreduce_rdb({0, 1}, 8), allreduce_rdb({2, 3, 4, 5}, 8)});
  ASSERT_EQ(phases.size(), 2u);
  EXPECT_EQ(phases[0].name, "sum/r0");
  EXPECT_EQ(phases[0].kind, PhaseKind::collective);
  EXPECT_EQ(phases[0].count, 3);
  EXPECT_EQ(pairs(phases[0].edges), (Pairs{{0, 1}, {1, 0}, {2, 3}, {3, 2}, {4, 5}, {5, 4}}));
  EXPECT_EQ(pairs(phases[1].edges), (Pairs{{2, 4}, {3, 5}, {4, 2}, {5, 3}}));
  EXPECT_EQ(phases[0].posting, Posting::nonblocking);
}

TEST(Collectives, EachRoundIsPostedAsTheAlgorithmPostsIt) {
  std::vector<Phase> phases;
  add_collective(phases, "swap", 1, {alltoall_pairwise({0, 1}, 8)}, Posting::sendrecv);
  add_collective(phases, "sum", 1, {allreduce_rdb({0, 1, 2}, 8)}, allreduce_rdb_posting(3));
  ASSERT_EQ(phases.size(), 4u);
  EXPECT_EQ(phases[0].posting, Posting::sendrecv);
  EXPECT_EQ(phases[1].posting, Posting::blocking);  // 0 -> 1
  EXPECT_EQ(phases[2].posting, Posting::sendrecv);  // 1 <-> 2
  EXPECT_EQ(phases[3].posting, Posting::blocking);  // 1 -> 0
  const std::vector<Posting> one_short = {Posting::blocking};
  EXPECT_THROW(add_collective(phases, "sum", 1, {allreduce_rdb({0, 1, 2}, 8)}, one_short),
               std::invalid_argument);
}

// A barrier: after its rounds, in order, every rank has heard (through a chain of messages) from every rank.
bool everyone_heard_everyone(const CollectiveRounds& rounds, int P) {
  std::vector<std::vector<char>> heard(static_cast<std::size_t>(P), std::vector<char>(P, 0));
  for (int r = 0; r < P; ++r) heard[r][r] = 1;
  for (const auto& round : rounds) {
    std::vector<std::vector<char>> next = heard;
    for (const Edge& e : round)
      for (int k = 0; k < P; ++k) next[e.dst][k] |= heard[e.src][k];
    heard = std::move(next);
  }
  for (const auto& h : heard)
    if (std::count(h.begin(), h.end(), 1) != P) return false;
  return true;
}

std::vector<int> iota_ranks(int P) {
  std::vector<int> ranks(static_cast<std::size_t>(P));
  for (int r = 0; r < P; ++r) ranks[r] = r;
  return ranks;
}

TEST(Collectives, BarrierFollowsSimGridsOmpiSelector) {
  // 64 ranks: Bruck, round k sends r -> r + 2^k (mod 64), by MPI_Sendrecv.
  const CollectiveRounds bruck = barrier_ompi(iota_ranks(64));
  ASSERT_EQ(bruck.size(), 6u);
  for (std::size_t k = 0; k < bruck.size(); ++k) {
    ASSERT_EQ(bruck[k].size(), 64u);
    for (const Edge& e : bruck[k]) EXPECT_EQ(e.dst, (e.src + (1 << k)) % 64);
  }
  EXPECT_TRUE(barrier_ompi_sendrecv(64));
  // 16 ranks: recursive doubling, 4 rounds of r <-> r ^ 2^k.
  const CollectiveRounds rd = barrier_ompi(iota_ranks(16));
  ASSERT_EQ(rd.size(), 4u);
  EXPECT_EQ(pairs(rd[1])[5], (std::pair<int, int>{5, 7}));
  // 6 ranks: linear (all to 0, 0 to all), blocking sends; 300 ranks: the tree, up 9 rounds then down 9.
  EXPECT_EQ(barrier_ompi(iota_ranks(6)).size(), 2u);
  EXPECT_FALSE(barrier_ompi_sendrecv(6));
  const CollectiveRounds tree = barrier_ompi(iota_ranks(300));
  ASSERT_EQ(tree.size(), 18u);
  EXPECT_EQ(pairs(tree[0]).front(), (std::pair<int, int>{1, 0}));
  EXPECT_EQ(pairs(tree[17]).front(), (std::pair<int, int>{0, 1}));
  EXPECT_FALSE(barrier_ompi_sendrecv(300));
  for (int P : {1, 2, 3, 5, 6, 7, 12, 16, 48, 64, 100, 256, 300, 512, 1000, 1024})
    EXPECT_TRUE(everyone_heard_everyone(barrier_ompi(iota_ranks(P)), P)) << P;
  // Not a barrier: two rounds of Bruck on 64 ranks.
  EXPECT_FALSE(everyone_heard_everyone({bruck[0], bruck[1]}, 64));
}

TEST(Collectives, BadCommunicators) {
  EXPECT_THROW(allreduce_rdb({}, 8), std::invalid_argument);
  EXPECT_THROW(allreduce_rdb({1, 1}, 8), std::invalid_argument);
  EXPECT_THROW(bcast_binomial({0, 1}, 2, 8), std::invalid_argument);
  EXPECT_THROW(reduce_binomial({0, 1}, -1, 8), std::invalid_argument);
  EXPECT_THROW(alltoall_pairwise({0, 1}, -1), std::invalid_argument);
  EXPECT_THROW(barrier_ompi({2, 2}), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
