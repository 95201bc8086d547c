// The partner schedules of the collective algorithms the simulated runs use (SimGrid's colls/ sources:
// allreduce-rdb.cpp, bcast-binomial-tree.cpp, reduce-binomial.cpp, alltoall-pair.cpp), as messages per round.
#include "tamp/collectives.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "collective_checks.hpp"
#include "tamp/error.hpp"

namespace tamp {
namespace impl {

void check_communicator(const std::vector<int>& ranks, double bytes, const char* what) {
  require(!ranks.empty(), std::string(what) + ": empty communicator");
  require(bytes >= 0, std::string(what) + ": negative bytes");
  std::vector<int> sorted = ranks;
  std::sort(sorted.begin(), sorted.end());
  require(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end() && sorted.front() >= 0,
          std::string(what) + ": a communicator lists each task (>= 0) once");
}

void check_root(const std::vector<int>& ranks, int root, const char* what) {
  require(root >= 0 && root < static_cast<int>(ranks.size()), std::string(what) + ": root " +
                                                                  std::to_string(root) + " outside the " +
                                                                  std::to_string(ranks.size()) + " ranks");
}

namespace {

int ceil_log2(int p) {
  int levels = 0;
  while ((1 << levels) < p) ++levels;
  return levels;
}

}  // namespace
}  // namespace impl

CollectiveRounds allreduce_rdb(const std::vector<int>& ranks, double bytes) {
  impl::check_communicator(ranks, bytes, "allreduce");
  const int P = static_cast<int>(ranks.size());
  int pof2 = 1;
  while (pof2 * 2 <= P) pof2 *= 2;
  const int rem = P - pof2;
  CollectiveRounds rounds;
  if (rem > 0) {
    rounds.emplace_back();
    for (int r = 0; r < 2 * rem; r += 2) rounds.back().push_back({ranks[r], ranks[r + 1], bytes});
  }
  const auto real_rank = [&](int newrank) { return newrank < rem ? newrank * 2 + 1 : newrank + rem; };
  for (int mask = 1; mask < pof2; mask <<= 1) {
    rounds.emplace_back();
    for (int newrank = 0; newrank < pof2; ++newrank)
      rounds.back().push_back({ranks[real_rank(newrank)], ranks[real_rank(newrank ^ mask)], bytes});
  }
  if (rem > 0) {
    rounds.emplace_back();
    for (int r = 1; r < 2 * rem; r += 2) rounds.back().push_back({ranks[r], ranks[r - 1], bytes});
  }
  return rounds;
}

std::vector<Posting> allreduce_rdb_posting(int ranks) {
  require(ranks >= 1, "allreduce: " + std::to_string(ranks) + " ranks");
  int pof2 = 1, rounds = 0;
  while (pof2 * 2 <= ranks) {
    pof2 *= 2;
    ++rounds;
  }
  std::vector<Posting> posting(static_cast<std::size_t>(rounds), Posting::sendrecv);
  if (pof2 < ranks) {
    posting.insert(posting.begin(), Posting::blocking);
    posting.push_back(Posting::blocking);
  }
  return posting;
}

CollectiveRounds bcast_binomial(const std::vector<int>& ranks, int root, double bytes) {
  impl::check_communicator(ranks, bytes, "bcast");
  impl::check_root(ranks, root, "bcast");
  const int P = static_cast<int>(ranks.size());
  const int top = 1 << impl::ceil_log2(P);
  // A rank sends to v + mask for decreasing mask below its own lowest bit, one blocking send after the other:
  // its j-th send travels in the round after the one it received in, plus j. Relative ranks increase with
  // the round a rank receives in, so one pass in relative-rank order sees every parent before its children.
  std::vector<int> received(static_cast<std::size_t>(P), -1);  // the root "receives" before round 0
  CollectiveRounds rounds;
  for (int v = 0; v < P; ++v) {
    int j = 0;
    for (int mask = (v == 0 ? top : (v & -v)) >> 1; mask > 0; mask >>= 1) {
      if (v + mask >= P) continue;
      const int round = received[v] + 1 + j++;
      received[v + mask] = round;
      if (static_cast<int>(rounds.size()) <= round) rounds.resize(static_cast<std::size_t>(round) + 1);
      rounds[round].push_back({ranks[(v + root) % P], ranks[(v + mask + root) % P], bytes});
    }
  }
  return rounds;
}

CollectiveRounds reduce_binomial(const std::vector<int>& ranks, int root, double bytes) {
  impl::check_communicator(ranks, bytes, "reduce");
  impl::check_root(ranks, root, "reduce");
  const int P = static_cast<int>(ranks.size());
  // Relative rank v receives from v + mask for increasing mask below its lowest bit (the root: below P), one
  // blocking receive after the other, then sends to v - lowbit(v). Children have larger relative ranks, so a
  // pass from the top down knows when each child can send (`ready`: the round after its last receive) before
  // its parent's receives are placed.
  const int top = 1 << impl::ceil_log2(P);
  std::vector<int> ready(static_cast<std::size_t>(P), 0);
  std::vector<std::vector<std::pair<int, int>>> sends;  // per round: (child, parent) relative ranks
  for (int v = P - 1; v >= 0; --v) {
    int last = -1;  // the round of v's previous receive
    for (int mask = 1; mask < (v == 0 ? top : (v & -v)) && v + mask < P; mask <<= 1) {
      last = std::max(ready[v + mask], last + 1);
      if (static_cast<int>(sends.size()) <= last) sends.resize(static_cast<std::size_t>(last) + 1);
      sends[last].push_back({v + mask, v});
    }
    ready[v] = last + 1;
  }
  CollectiveRounds rounds;
  for (auto& round : sends) {
    std::sort(round.begin(), round.end());  // increasing relative rank of the sender
    rounds.emplace_back();
    for (const auto& [child, parent] : round)
      rounds.back().push_back({ranks[(child + root) % P], ranks[(parent + root) % P], bytes});
  }
  return rounds;
}

CollectiveRounds alltoall_pairwise(const std::vector<int>& ranks, double bytes) {
  impl::check_communicator(ranks, bytes, "alltoall");
  const int P = static_cast<int>(ranks.size());
  const bool power_of_two = (P & (P - 1)) == 0;
  CollectiveRounds rounds;
  for (int k = 1; k < P; ++k) {
    rounds.emplace_back();
    for (int r = 0; r < P; ++r)
      rounds.back().push_back({ranks[r], ranks[power_of_two ? r ^ k : (r + k) % P], bytes});
  }
  return rounds;
}

CollectiveRounds scatter_linear(const std::vector<int>& ranks, int root, double bytes) {
  impl::check_communicator(ranks, bytes, "scatter");
  impl::check_root(ranks, root, "scatter");
  CollectiveRounds rounds(1);
  for (int r = 0; r < static_cast<int>(ranks.size()); ++r)
    if (r != root) rounds[0].push_back({ranks[root], ranks[r], bytes});
  if (rounds[0].empty()) rounds.clear();
  return rounds;
}

CollectiveRounds gather_linear(const std::vector<int>& ranks, int root, double bytes) {
  CollectiveRounds rounds = scatter_linear(ranks, root, bytes);
  for (auto& round : rounds)
    for (Edge& e : round) std::swap(e.src, e.dst);
  return rounds;
}

namespace {

CollectiveRounds barrier_recursive_doubling(const std::vector<int>& ranks) {
  const int P = static_cast<int>(ranks.size());
  int p2 = 1;
  while (p2 * 2 <= P) p2 *= 2;
  CollectiveRounds rounds;
  if (p2 != P) {
    rounds.emplace_back();
    for (int r = p2; r < P; ++r) rounds.back().push_back({ranks[r], ranks[r - p2], 0});
  }
  for (int mask = 1; mask < p2; mask <<= 1) {
    rounds.emplace_back();
    for (int r = 0; r < p2; ++r) rounds.back().push_back({ranks[r], ranks[r ^ mask], 0});
  }
  if (p2 != P) {
    rounds.emplace_back();
    for (int r = p2; r < P; ++r) rounds.back().push_back({ranks[r - p2], ranks[r], 0});
  }
  return rounds;
}

CollectiveRounds barrier_bruck(const std::vector<int>& ranks) {
  const int P = static_cast<int>(ranks.size());
  CollectiveRounds rounds;
  for (int distance = 1; distance < P; distance <<= 1) {
    rounds.emplace_back();
    for (int r = 0; r < P; ++r) rounds.back().push_back({ranks[r], ranks[(r + distance) % P], 0});
  }
  return rounds;
}

CollectiveRounds barrier_tree(const std::vector<int>& ranks) {
  const int P = static_cast<int>(ranks.size());
  int depth = 1;
  while (depth < P) depth <<= 1;
  CollectiveRounds up, down;
  for (int jump = 1; jump < depth; jump <<= 1) {
    up.emplace_back();
    down.emplace_back();
    for (int r = 0; r < P; ++r) {
      const int partner = r ^ jump;
      if ((partner & (jump - 1)) != 0 || partner >= P || partner > r) continue;
      up.back().push_back({ranks[r], ranks[partner], 0});
      down.back().push_back({ranks[partner], ranks[r], 0});
    }
  }
  up.insert(up.end(), down.rbegin(), down.rend());
  return up;
}

}  // namespace

bool barrier_ompi_sendrecv(int P) {
  return P < 4 || (P >= 8 && P < 256) || (P >= 512 && P < 1024) || P >= 4096;
}

CollectiveRounds barrier_ompi(const std::vector<int>& ranks) {
  impl::check_communicator(ranks, 0, "barrier");
  const int P = static_cast<int>(ranks.size());
  if (P < 4 || (P >= 8 && P < 64)) return barrier_recursive_doubling(ranks);
  if (P < 8) {
    CollectiveRounds rounds = gather_linear(ranks, 0, 0);
    const CollectiveRounds back = scatter_linear(ranks, 0, 0);
    rounds.insert(rounds.end(), back.begin(), back.end());
    return rounds;
  }
  if ((P >= 256 && P < 512) || (P >= 1024 && P < 4096)) return barrier_tree(ranks);
  return barrier_bruck(ranks);
}

std::string collective_of(const std::string& phase) {
  const std::size_t slash = phase.rfind("/r");
  if (slash == std::string::npos || slash + 2 == phase.size()) return "";
  for (std::size_t i = slash + 2; i < phase.size(); ++i)
    if (phase[i] < '0' || phase[i] > '9') return "";
  return phase.substr(0, slash);
}

void add_collective(std::vector<Phase>& phases, const std::string& name, double count,
                    const std::vector<CollectiveRounds>& concurrent, const std::vector<Posting>& posting) {
  std::size_t most = 0;
  for (const auto& c : concurrent) most = std::max(most, c.size());
  require(posting.size() >= most, "collective " + name + ": " + std::to_string(posting.size()) +
                                      " postings for " + std::to_string(most) + " rounds");
  for (std::size_t k = 0; k < most; ++k) {
    Phase phase{name + "/r" + std::to_string(k), PhaseKind::collective, count, {}};
    phase.posting = posting[k];
    for (const auto& c : concurrent)
      if (k < c.size()) phase.edges.insert(phase.edges.end(), c[k].begin(), c[k].end());
    if (!phase.edges.empty()) phases.push_back(std::move(phase));
  }
}

void add_collective(std::vector<Phase>& phases, const std::string& name, double count,
                    const std::vector<CollectiveRounds>& concurrent, Posting posting) {
  std::size_t most = 0;
  for (const auto& c : concurrent) most = std::max(most, c.size());
  add_collective(phases, name, count, concurrent, std::vector<Posting>(most, posting));
}

}  // namespace tamp
