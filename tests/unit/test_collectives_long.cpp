// MPICH's long-message broadcast and reduction as messages per round, worked by hand from MPICH's loops
// (MPIR_Bcast_scatter_ring_allgather, MPIR_Reduce_redscat_gather; SimGrid's bcast-scatter-LR-allgather.cpp
// and reduce-scatter-gather.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "tamp/collectives.hpp"

namespace tamp {
namespace {

using LongSends = std::vector<std::tuple<int, int, double>>;

LongSends long_sends(const std::vector<Edge>& round) {
  LongSends s;
  for (const Edge& e : round) s.emplace_back(e.src, e.dst, e.bytes);
  return s;
}

TEST(CollectivesLong, ScatterFourRanksHalvesTheVector) {
  // Blocks of 25 bytes: the root sends relative ranks 2-3's half to 2, then 1's block to 1; 2 forwards 3's.
  const CollectiveRounds r = bcast_scatter_binomial({0, 1, 2, 3}, 0, 100);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 2, 50}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{0, 1, 25}, {2, 3, 25}}));
}

TEST(CollectivesLong, ScatterFiveRanksFollowsTheBinomialSchedule) {
  // Blocks of 20: the root sends 4's block, then 2-3's, then 1's; 2 forwards 3's in the round of the root's
  // last send, as bcast_binomial({0..4}) does.
  const CollectiveRounds r = bcast_scatter_binomial({0, 1, 2, 3, 4}, 0, 100);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 4, 20}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{0, 2, 40}}));
  EXPECT_EQ(long_sends(r[2]), (LongSends{{0, 1, 20}, {2, 3, 20}}));
}

TEST(CollectivesLong, ScatterSkipsEmptySendsWithoutTakingATurn) {
  // 2 bytes on 4 ranks: blocks of 1, relative ranks 2 and 3 get nothing, so the root's first send is to 1.
  const CollectiveRounds r = bcast_scatter_binomial({0, 1, 2, 3}, 0, 2);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 1, 1}}));
}

TEST(CollectivesLong, ScatterFromAnotherRootShortensTheLastBlock) {
  // 10 bytes on 3 ranks from rank 1: blocks of 4, 4, 2 for relative ranks 0, 1, 2 (ranks 1, 2, 0).
  const CollectiveRounds r = bcast_scatter_binomial({10, 11, 12}, 1, 10);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{11, 10, 2}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{11, 12, 4}}));
}

TEST(CollectivesLong, RingPassesEachBlockOnOnce) {
  // Root 1 of 3, blocks 4, 4, 2 by relative rank: rank r first sends its own block, then the one it got.
  const CollectiveRounds r = bcast_allgather_ring({0, 1, 2}, 1, 10);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 1, 2}, {1, 2, 4}, {2, 0, 4}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{0, 1, 4}, {1, 2, 2}, {2, 0, 4}}));
}

TEST(CollectivesLong, RingSendsEmptyBlocksAsMessages) {
  const CollectiveRounds r = bcast_allgather_ring({0, 1, 2, 3}, 0, 2);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 1, 1}, {1, 2, 1}, {2, 3, 0}, {3, 0, 0}}));
}

TEST(CollectivesLong, EveryRankEndsWithTheWholeVector) {
  // The scatter hands relative rank v the blocks of its subtree [v, v + lowbit(v)), the ring every block but
  // its own.
  for (int P = 1; P <= 13; ++P)
    for (long long bytes : {1LL, 7LL, 1000LL}) {
      std::vector<int> ranks(P);
      for (int i = 0; i < P; ++i) ranks[i] = 2 * i + 1;
      const int root = P / 3;
      const long long size = (bytes + P - 1) / P;
      const auto block = [&](long long b) { return std::max(0LL, std::min(size, bytes - b * size)); };
      std::map<int, double> scattered, ringed;
      std::map<int, int> messages;
      for (const auto& round : bcast_scatter_binomial(ranks, root, static_cast<double>(bytes)))
        for (const Edge& e : round) {
          scattered[e.dst] += e.bytes;
          ++messages[e.dst];
        }
      for (const auto& round : bcast_allgather_ring(ranks, root, static_cast<double>(bytes)))
        for (const Edge& e : round) ringed[e.dst] += e.bytes;
      for (int v = 1; v < P; ++v) {
        const int task = ranks[(v + root) % P];
        long long subtree = 0;
        for (int b = v; b < std::min(v + (v & -v), P); ++b) subtree += block(b);
        EXPECT_EQ(scattered[task], static_cast<double>(subtree)) << P << " ranks, " << bytes << " bytes, v " << v;
        EXPECT_EQ(messages[task], subtree > 0 ? 1 : 0) << P << " ranks, " << bytes << " bytes, v " << v;
        EXPECT_EQ(ringed[task] + static_cast<double>(block(v)), static_cast<double>(bytes))
            << P << " ranks, " << bytes << " bytes, v " << v;
      }
    }
}

TEST(CollectivesLong, FoldHandsOddRanksToTheirLeft) {
  // 6 ranks: p2 = 4, rem = 2; ranks 1 and 3 send everything to 0 and 2.
  EXPECT_EQ(long_sends(reduce_fold({0, 1, 2, 3, 4, 5}, 64)[0]), (LongSends{{1, 0, 64}, {3, 2, 64}}));
  EXPECT_TRUE(reduce_fold({0, 1, 2, 3}, 64).empty());
}

TEST(CollectivesLong, HalvingFourRanks) {
  // Blocks of 25: first half the vector with the neighbour, then a quarter with the rank two away.
  const CollectiveRounds r = reduce_scatter_halving({0, 1, 2, 3}, 100);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 1, 50}, {1, 0, 50}, {2, 3, 50}, {3, 2, 50}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{0, 2, 25}, {1, 3, 25}, {2, 0, 25}, {3, 1, 25}}));
}

TEST(CollectivesLong, HalvingSixRanksRunsOnTheFoldsSurvivors) {
  // Newranks 0..3 are ranks 0, 2, 4, 5; the remainder of 10 / 4 goes to the last block.
  const CollectiveRounds r = reduce_scatter_halving({0, 1, 2, 3, 4, 5}, 10);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 2, 6}, {2, 0, 4}, {4, 5, 6}, {5, 4, 4}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{0, 4, 2}, {2, 5, 4}, {4, 0, 2}, {5, 2, 2}}));
}

TEST(CollectivesLong, GatherFourRanksDoublesItsMessages) {
  // After the halving newranks 0..3 hold blocks 0, 2, 1, 3: 2 sends block 1 to the root and 3 block 3 to 1,
  // then 1 sends blocks 2-3.
  const CollectiveRounds r = reduce_gather_binomial({0, 1, 2, 3}, 0, 100);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{2, 0, 25}, {3, 1, 25}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{1, 0, 50}}));
}

TEST(CollectivesLong, GatherToAFoldedRootTakesNewrankZerosBlockFirst) {
  // 3 ranks, root 1 (odd, folded into 0): 0 hands its block to 1, which then receives 2's.
  const CollectiveRounds r = reduce_gather_binomial({0, 1, 2}, 1, 100);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(long_sends(r[0]), (LongSends{{0, 1, 50}}));
  EXPECT_EQ(long_sends(r[1]), (LongSends{{2, 1, 50}}));
}

TEST(CollectivesLong, TheRootGathersEveryBlockOnce) {
  for (int P = 1; P <= 17; ++P)
    for (int root : {0, P / 2, P - 1}) {
      std::vector<int> ranks(P);
      for (int i = 0; i < P; ++i) ranks[i] = i;
      const double bytes = 1024;  // a multiple of every p2 here: equal blocks
      double to_root = 0;
      std::map<int, int> sent;
      for (const auto& round : reduce_gather_binomial(ranks, root, bytes))
        for (const Edge& e : round) {
          ++sent[e.src];
          if (e.dst == root) to_root += e.bytes;
        }
      int p2 = 1;
      while (p2 * 2 <= P) p2 *= 2;
      // The root keeps its own block, unless the fold took it away (then newrank 0 hands it block 0).
      const bool folded = root < 2 * (P - p2) && root % 2 != 0;
      EXPECT_EQ(to_root, folded ? bytes : bytes - bytes / p2) << P << " ranks, root " << root;
      EXPECT_EQ(static_cast<int>(sent.size()), p2 - 1 + (folded ? 1 : 0)) << P << " ranks, root " << root;
      for (const auto& [rank, n] : sent) EXPECT_EQ(n, 1) << P << " ranks, root " << root << ", rank " << rank;
    }
}

TEST(CollectivesLong, BadCommunicatorsAreRefused) {
  EXPECT_THROW(bcast_scatter_binomial({}, 0, 8), std::invalid_argument);
  EXPECT_THROW(bcast_allgather_ring({0, 1}, 2, 8), std::invalid_argument);
  EXPECT_THROW(reduce_scatter_halving({0, 0}, 8), std::invalid_argument);
  EXPECT_THROW(reduce_gather_binomial({0, 1}, 0, -1), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
