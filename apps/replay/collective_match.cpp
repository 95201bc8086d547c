// Recognising a collective's rounds: regenerate each candidate algorithm's rounds and compare them exactly.
#include "collective_match.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "tamp/collectives.hpp"

namespace tamp::replay {
namespace {

// A round in a canonical order, so that two lists of the same messages compare equal.
std::vector<Edge> sorted(std::vector<Edge> round) {
  std::sort(round.begin(), round.end(), [](const Edge& a, const Edge& b) {
    return std::tie(a.src, a.dst, a.bytes) < std::tie(b.src, b.dst, b.bytes);
  });
  return round;
}

bool same_edges(const std::vector<Edge>& a, const std::vector<Edge>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const Edge& x, const Edge& y) {
           return x.src == y.src && x.dst == y.dst && x.bytes == y.bytes;
         });
}

bool same_rounds(const std::vector<std::vector<Edge>>& canonical, const CollectiveRounds& candidate) {
  std::vector<std::vector<Edge>> rounds;
  for (const auto& round : candidate)
    if (!round.empty()) rounds.push_back(sorted(round));  // add_collective leaves empty rounds out
  if (rounds.size() != canonical.size()) return false;
  for (std::size_t k = 0; k < rounds.size(); ++k)
    if (!same_edges(rounds[k], canonical[k])) return false;
  return true;
}

}  // namespace

std::string_view to_string(Collective collective) {
  switch (collective) {
    case Collective::rounds:
      return "rounds";
    case Collective::allreduce:
      return "MPI_Allreduce";
    case Collective::bcast:
      return "MPI_Bcast";
    case Collective::reduce:
      return "MPI_Reduce";
    case Collective::alltoall:
      return "MPI_Alltoall";
    case Collective::scatter:
      return "MPI_Scatter";
    case Collective::gather:
      return "MPI_Gather";
  }
  return "?";
}

std::optional<MatchedCollective> match_collective(const std::vector<std::vector<Edge>>& rounds, int ranks) {
  if (rounds.empty() || rounds.front().empty() || ranks < 2) return std::nullopt;
  std::vector<std::vector<Edge>> canonical;
  for (const auto& round : rounds) canonical.push_back(sorted(round));
  for (const Edge& e : canonical.front())
    if (e.src < 0 || e.src >= ranks || e.dst < 0 || e.dst >= ranks) return std::nullopt;
  std::vector<int> all(static_cast<std::size_t>(ranks));
  std::iota(all.begin(), all.end(), 0);
  const double bytes = canonical.front().front().bytes;
  // Rooted collectives: the root sends first (bcast, scatter) or receives last (reduce, gather).
  const int first_source = rounds.front().front().src;
  const int last_target = rounds.back().front().dst;
  const std::vector<std::pair<Collective, int>> candidates = {
      {Collective::allreduce, 0},          {Collective::alltoall, 0},
      {Collective::bcast, first_source},   {Collective::reduce, last_target},
      {Collective::scatter, first_source}, {Collective::gather, last_target}};
  // Message counts first: generating a pairwise all-to-all of thousands of ranks to compare it with an
  // allreduce would cost O(P^2).
  std::size_t messages = 0;
  for (const auto& round : canonical) messages += round.size();
  const std::size_t P = static_cast<std::size_t>(ranks);
  const auto plausible = [&](Collective op) {
    switch (op) {
      case Collective::allreduce:
        return messages >= P && messages <= 64 * P;
      case Collective::alltoall:
        return messages == P * (P - 1);
      default:
        return messages == P - 1;  // a tree or a star
    }
  };
  for (const auto& [op, root] : candidates) {
    if (root < 0 || root >= ranks || !plausible(op)) continue;
    CollectiveRounds generated;
    switch (op) {
      case Collective::allreduce:
        generated = allreduce_rdb(all, bytes);
        break;
      case Collective::alltoall:
        generated = alltoall_pairwise(all, bytes);
        break;
      case Collective::bcast:
        generated = bcast_binomial(all, root, bytes);
        break;
      case Collective::reduce:
        generated = reduce_binomial(all, root, bytes);
        break;
      case Collective::scatter:
        generated = scatter_linear(all, root, bytes);
        break;
      case Collective::gather:
        generated = gather_linear(all, root, bytes);
        break;
      case Collective::rounds:
        break;
    }
    if (same_rounds(canonical, generated)) return MatchedCollective{op, root, bytes};
  }
  return std::nullopt;
}

}  // namespace tamp::replay
