// MPICH's algorithms for long messages, as messages per round: the broadcast as a binomial scatter then a ring
// allgather (MPIR_Bcast_scatter_ring_allgather; SimGrid's bcast-scatter-LR-allgather.cpp), the reduction as a
// reduce-scatter by recursive halving then a binomial gather (MPIR_Reduce_redscat_gather; SimGrid's
// reduce-scatter-gather.cpp, its branch for at least one element per rank). Sizes are counted in bytes.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "collective_checks.hpp"
#include "tamp/collectives.hpp"
#include "tamp/error.hpp"

namespace tamp {
namespace {

std::int64_t whole_bytes(const std::vector<int>& ranks, double bytes, const char* what) {
  impl::check_communicator(ranks, bytes, what);
  require(bytes < 9e15, std::string(what) + ": more than 9e15 bytes");
  return std::llround(bytes);
}

void put(CollectiveRounds& rounds, int round, const Edge& e) {
  if (static_cast<int>(rounds.size()) <= round) rounds.resize(static_cast<std::size_t>(round) + 1);
  rounds[static_cast<std::size_t>(round)].push_back(e);
}

// The bytes of the scatter's block b: ceil(bytes / P) each, the last ones short or empty.
std::int64_t block_bytes(std::int64_t bytes, int P, int b) {
  const std::int64_t size = (bytes + P - 1) / P;
  return std::clamp<std::int64_t>(bytes - b * size, 0, size);
}

// The reduction's survivors of the fold: p2 = the largest power of two <= P, rem = P - p2; the even ranks
// below 2 rem and every rank from 2 rem on, numbered 0..p2-1 (newrank).
struct Fold {
  int p2 = 1, rem = 0;
  explicit Fold(int P) {
    while (p2 * 2 <= P) p2 *= 2;
    rem = P - p2;
  }
  int rank_of(int newrank) const { return newrank < rem ? 2 * newrank : newrank + rem; }
};

// The bytes of blocks [begin, end) of MPICH's reduce-scatter: bytes / p2 per block, the remainder in the last.
std::int64_t counts_in(std::int64_t bytes, int p2, int begin, int end) {
  const std::int64_t remainder = end == p2 && begin < end ? bytes % p2 : 0;
  return (end - begin) * (bytes / p2) + remainder;
}

// Where a newrank's blocks stand after the recursive halving (send_idx, last_idx of MPICH's loop).
struct Halved {
  int send_idx = 0, last_idx = 0;
};

Halved halve(int newrank, int p2, std::int64_t bytes, const std::vector<int>& ranks, const Fold& fold,
             CollectiveRounds* rounds) {
  int send_idx = 0, recv_idx = 0, last_idx = p2, round = 0;
  for (int mask = 1; mask < p2; mask <<= 1, ++round) {
    const int partner = newrank ^ mask;
    std::int64_t send = 0;
    if (newrank < partner) {
      send_idx = recv_idx + p2 / (mask * 2);
      send = counts_in(bytes, p2, send_idx, last_idx);
    } else {
      recv_idx = send_idx + p2 / (mask * 2);
      send = counts_in(bytes, p2, send_idx, recv_idx);
    }
    if (rounds)
      put(*rounds, round, {ranks[fold.rank_of(newrank)], ranks[fold.rank_of(partner)], static_cast<double>(send)});
    send_idx = recv_idx;
    if (mask * 2 < p2) last_idx = recv_idx + p2 / (mask * 2);
  }
  return {send_idx, last_idx};
}

}  // namespace

CollectiveRounds bcast_scatter_binomial(const std::vector<int>& ranks, int root, double bytes) {
  const std::int64_t nbytes = whole_bytes(ranks, bytes, "bcast scatter");
  impl::check_root(ranks, root, "bcast scatter");
  const int P = static_cast<int>(ranks.size());
  const std::int64_t size = (nbytes + P - 1) / P;
  int top = 1;
  while (top < P) top <<= 1;
  // As bcast_binomial, each relative rank forwarding what its subtree lacks; a send of nothing is skipped and
  // takes no turn. Relative ranks grow with the round they receive in: parents come first.
  std::vector<int> received(static_cast<std::size_t>(P), -1);
  std::vector<std::int64_t> holds(static_cast<std::size_t>(P), 0);
  holds[0] = nbytes;
  CollectiveRounds rounds;
  for (int v = 0; v < P; ++v) {
    int j = 0;
    for (int mask = (v == 0 ? top : (v & -v)) >> 1; mask > 0; mask >>= 1) {
      if (v + mask >= P) continue;
      const std::int64_t send = holds[v] - size * mask;
      if (send <= 0) continue;
      holds[v] -= send;
      holds[v + mask] = send;
      const int round = received[v] + 1 + j++;
      received[v + mask] = round;
      put(rounds, round, {ranks[(v + root) % P], ranks[(v + mask + root) % P], static_cast<double>(send)});
    }
  }
  return rounds;
}

CollectiveRounds bcast_allgather_ring(const std::vector<int>& ranks, int root, double bytes) {
  const std::int64_t nbytes = whole_bytes(ranks, bytes, "bcast allgather");
  impl::check_root(ranks, root, "bcast allgather");
  const int P = static_cast<int>(ranks.size());
  // Round i: rank r passes to r + 1 the block it got in round i - 1 (its own in round 0), that of rank r - i;
  // blocks are numbered from the root. Empty blocks still travel (a message of no bytes).
  CollectiveRounds rounds(static_cast<std::size_t>(P - 1));
  for (int i = 0; i + 1 < P; ++i)
    for (int r = 0; r < P; ++r) {
      const int block = ((r - i - root) % P + 2 * P) % P;
      rounds[static_cast<std::size_t>(i)].push_back(
          {ranks[r], ranks[(r + 1) % P], static_cast<double>(block_bytes(nbytes, P, block))});
    }
  return rounds;
}

CollectiveRounds reduce_fold(const std::vector<int>& ranks, double bytes) {
  const std::int64_t nbytes = whole_bytes(ranks, bytes, "reduce fold");
  const Fold fold(static_cast<int>(ranks.size()));
  CollectiveRounds rounds;
  for (int r = 1; r < 2 * fold.rem; r += 2) put(rounds, 0, {ranks[r], ranks[r - 1], static_cast<double>(nbytes)});
  return rounds;
}

CollectiveRounds reduce_scatter_halving(const std::vector<int>& ranks, double bytes) {
  const std::int64_t nbytes = whole_bytes(ranks, bytes, "reduce-scatter");
  const Fold fold(static_cast<int>(ranks.size()));
  CollectiveRounds rounds;
  for (int newrank = 0; newrank < fold.p2; ++newrank) halve(newrank, fold.p2, nbytes, ranks, fold, &rounds);
  return rounds;
}

CollectiveRounds reduce_gather_binomial(const std::vector<int>& ranks, int root, double bytes) {
  const std::int64_t nbytes = whole_bytes(ranks, bytes, "reduce gather");
  impl::check_root(ranks, root, "reduce gather");
  const int P = static_cast<int>(ranks.size());
  const Fold fold(P);
  const int p2 = fold.p2;
  std::vector<Halved> at(static_cast<std::size_t>(p2));
  for (int newrank = 0; newrank < p2; ++newrank) at[newrank] = halve(newrank, p2, nbytes, ranks, fold, nullptr);
  CollectiveRounds rounds;
  // A root folded away (odd, below 2 rem) first gets newrank 0's block and gathers in its place.
  const bool odd_root = root < 2 * fold.rem && root % 2 != 0;
  const int newroot = root < 2 * fold.rem ? (odd_root ? 0 : root / 2) : root - fold.rem;
  const auto rank_of = [&](int newrank) { return newrank == 0 && odd_root ? root : fold.rank_of(newrank); };
  int first = 0;
  if (odd_root) {
    put(rounds, 0, {ranks[0], ranks[root], static_cast<double>(counts_in(nbytes, p2, 0, 1))});
    at[0] = {0, 2};
    first = 1;
  }
  int levels = 0;
  while ((1 << levels) < p2) ++levels;
  // Level k (mask = p2 / 2^(k+1)): a newrank whose subtree at that level holds the new root's sends its blocks
  // down to newrank ^ mask and stops; the others receive from newrank ^ mask. Each receive is blocking and in
  // turn, so a newrank's transfer at level k travels in round `first` + k.
  for (int newrank = 0; newrank < p2; ++newrank) {
    int send_idx = at[newrank].send_idx, last_idx = at[newrank].last_idx;
    int j = levels - 1;
    for (int mask = p2 >> 1, level = 0; mask > 0; mask >>= 1, --j, ++level) {
      const int partner = newrank ^ mask;
      std::int64_t send = 0;
      int recv_idx = 0;
      if (newrank < partner) {
        if (mask != p2 / 2) last_idx += p2 / (mask * 2);
        recv_idx = send_idx + p2 / (mask * 2);
        send = counts_in(nbytes, p2, send_idx, recv_idx);
      } else {
        recv_idx = send_idx - p2 / (mask * 2);
        send = counts_in(nbytes, p2, send_idx, last_idx);
      }
      if ((partner >> j) == (newroot >> j)) {
        put(rounds, first + level, {ranks[rank_of(newrank)], ranks[rank_of(partner)], static_cast<double>(send)});
        break;
      }
      if (newrank > partner) send_idx = recv_idx;
    }
  }
  return rounds;
}

}  // namespace tamp
