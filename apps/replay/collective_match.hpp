// Which MPI call a collective of a task graph is: its rounds (phases NAME/r0, NAME/r1, ...) compared with the
// rounds of each collective algorithm the communication model knows (tamp/collectives.hpp) on the whole
// communicator. No MPI.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "tamp/task_graph.hpp"

namespace tamp::replay {

/// An MPI collective tamp-replay calls; `rounds` when none matches (the rounds are sent as messages).
enum class Collective { rounds, allreduce, bcast, reduce, alltoall, scatter, gather };
std::string_view to_string(Collective collective);

struct MatchedCollective {
  Collective op = Collective::rounds;
  int root = 0;      // bcast, reduce, scatter, gather
  double bytes = 0;  // per rank (allreduce, bcast, reduce) or per pair (alltoall, scatter, gather)
};

/// The collective whose rounds on ranks 0..ranks-1 are exactly `rounds` (the same messages, round by round,
/// in any order within a round), or nothing. Tried in this order: allreduce (recursive doubling), alltoall
/// (pairwise), bcast and reduce (binomial trees), scatter and gather (linear).
std::optional<MatchedCollective> match_collective(const std::vector<std::vector<Edge>>& rounds, int ranks);

}  // namespace tamp::replay
