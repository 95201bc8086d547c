// Collectives as the messages of the MPI library's algorithm, round by round, so that a task graph can hold
// the collectives an application runs as phases. The algorithms are the ones the simulated runs pin
// (docs/simulation.md): SimGrid's `smpi/allreduce:rdb`, `smpi/bcast:binomial_tree`, `smpi/reduce:binomial`,
// `smpi/alltoall:pair`, and MPICH's long-message broadcast and reduction for models that ask for them; their
// partner schedules are written out in docs/mapping.md.
#pragma once
#include <string>
#include <vector>

#include "tamp/task_graph.hpp"

namespace tamp {

/// Round k of a collective: the messages that travel at the same time. A communicator is given as the task
/// ids of its ranks in communicator rank order (ranks[r] is the task of rank r); messages name tasks.
using CollectiveRounds = std::vector<std::vector<Edge>>;

/// MPI_Allreduce by recursive doubling of `bytes` (the whole vector each round). P = 2^k: k rounds, rank r
/// exchanges with r XOR 2^i in round i. Otherwise, with p2 the largest power of two <= P and rem = P - p2,
/// the fold: a first round where even ranks r < 2 rem send to r + 1, the doubling among the p2 remaining
/// ranks (new rank r/2 for odd r < 2 rem, r - rem above), a last round where odd ranks r < 2 rem send to r
/// - 1.
CollectiveRounds allreduce_rdb(const std::vector<int>& ranks, double bytes);
/// How allreduce_rdb's rounds on `ranks` ranks are posted: the doubling by Request::sendrecv, the fold's
/// first and last rounds by blocking send and receive.
std::vector<Posting> allreduce_rdb_posting(int ranks);
/// MPI_Bcast on a binomial tree from rank `root`: relative rank v = (r - root) mod P receives from
/// v - lowbit(v), then sends to v + 2^i for decreasing i below lowbit(v) (the root: below P), skipping ranks
/// >= P, one blocking send after the other: a rank's j-th send travels in the round after the one it received
/// in, plus j.
CollectiveRounds bcast_binomial(const std::vector<int>& ranks, int root, double bytes);
/// MPI_Reduce on a binomial tree to rank `root` (commutative operation): relative rank v receives from its
/// children v + 2^i (i below lowbit(v), ranks < P), one blocking receive after the other in increasing i, and
/// then sends to v - lowbit(v). A child's message travels once the child has heard from all of its own
/// children (a leaf: round 0) and in the round after its parent's previous receive; the parent sends in the
/// round after its last. The same tree as bcast_binomial, reversed; for P not a power of two a parent's
/// receives can wait for each other (P = 5: 3 -> 2 and 1 -> 0 in round 0, 2 -> 0 in round 1, then 4 -> 0).
CollectiveRounds reduce_binomial(const std::vector<int>& ranks, int root, double bytes);
/// MPICH's MPI_Bcast for long messages (MPIR_Bcast_scatter_ring_allgather; SimGrid's `scatter_LR_allgather`)
/// is these two collectives in turn (collectives_long.cpp). First the scatter, blocking sends on
/// bcast_binomial's tree and schedule: relative rank v forwards to v + 2^i the blocks of relative ranks [v +
/// 2^i, v + 2^(i+1)) it holds, blocks of ceil(bytes / P) bytes (the last short or empty); a send of nothing is
/// skipped.
CollectiveRounds bcast_scatter_binomial(const std::vector<int>& ranks, int root, double bytes);
/// Then the ring allgather, P - 1 rounds of MPI_Sendrecv: in round i rank r sends to r + 1 (mod P) the block of
/// relative rank (r - i - root) mod P, empty blocks as messages of no bytes.
CollectiveRounds bcast_allgather_ring(const std::vector<int>& ranks, int root, double bytes);
/// MPICH's MPI_Reduce for long messages (MPIR_Reduce_redscat_gather; SimGrid's `scatter_gather`, at least one
/// element per rank) is these three in turn. The fold, one blocking round: with p2 the largest power of two <=
/// P and rem = P - p2, odd ranks r < 2 rem send the whole vector to r - 1 and drop out; the rest are newranks 0
/// .. p2-1 (r / 2 below 2 rem, r - rem above).
CollectiveRounds reduce_fold(const std::vector<int>& ranks, double bytes);
/// The reduce-scatter by recursive halving, log2(p2) rounds of MPI_Sendrecv: in round i newrank n exchanges
/// with n XOR 2^i half of what it still holds (bytes / p2 per block, the remainder in the last block), the
/// lower newrank keeping the lower blocks.
CollectiveRounds reduce_scatter_halving(const std::vector<int>& ranks, double bytes);
/// The binomial gather of the reduced blocks to `root`, blocking: at level k (mask = p2 / 2^(k+1)) a newrank
/// whose partner n XOR mask is in the root's subtree of that level sends it everything it holds and is done;
/// its partner receives. A root folded away (odd, < 2 rem) first receives newrank 0's block (round 0) and
/// gathers in its place. Level k is round k (k + 1 after such a first round).
CollectiveRounds reduce_gather_binomial(const std::vector<int>& ranks, int root, double bytes);
/// MPI_Alltoall by pairwise exchange, `bytes` per pair. P a power of two: round k = 1..P-1, rank r exchanges
/// with r XOR k (SimGrid's `pair`). Otherwise round k = 1..P-1, rank r sends to (r + k) mod P (the Open MPI
/// pairwise schedule; SimGrid's `pair` refuses such P). The local block (round 0) is a copy, left out.
CollectiveRounds alltoall_pairwise(const std::vector<int>& ranks, double bytes);
/// MPI_Scatterv / MPI_Gatherv as the linear algorithm: one round, root -> every other rank (scatter) or every
/// other rank -> root (gather), `bytes` each.
CollectiveRounds scatter_linear(const std::vector<int>& ranks, int root, double bytes);
CollectiveRounds gather_linear(const std::vector<int>& ranks, int root, double bytes);
/// MPI_Barrier as SimGrid 3.32's `ompi` selector runs it (smpi_openmpi_selector.cpp, barrier-ompi.cpp; the
/// simulated runs do not pin it), zero-byte messages: P < 4 and 8 <= P < 64 recursive doubling (ranks from
/// p2 = the largest power of two <= P up send to r - p2 first and hear back last); 4 <= P < 8 linear (all to
/// rank 0, then rank 0 to all); 64 <= P < 256, 512 <= P < 1024 and P >= 4096 Bruck (round k: r sends to
/// (r + 2^k) mod P); otherwise the tree (up: r sends to r XOR 2^k when that is lower and aligned to 2^k, then
/// down the same tree in reverse).
CollectiveRounds barrier_ompi(const std::vector<int>& ranks);
/// Whether barrier_ompi() on `ranks` ranks exchanges by MPI_Sendrecv (recursive doubling, Bruck: in SimGrid
/// the send pays the isend overhead and the receive is posted after it) or by blocking sends and receives
/// (linear, tree: SimGrid charges a blocking send no overhead).
bool barrier_ompi_sendrecv(int ranks);

/// The collective a phase is a round of: NAME of a phase named NAME/rK (add_collective's names), else "".
std::string collective_of(const std::string& phase);

/// Appends one collective phase per round to `phases`, named "NAME/rK", each of `count`. `concurrent` holds
/// the rounds of the same collective on several communicators that run it at the same time (e.g. every column
/// of a grid): round K of all of them is one phase. Empty rounds are skipped. Each phase is posted as
/// `posting` says the algorithm posts it (Posting; bcast_binomial and reduce_binomial: blocking,
/// alltoall_pairwise: sendrecv, scatter_linear and gather_linear: nonblocking), or round K as posting[K].
void add_collective(std::vector<Phase>& phases, const std::string& name, double count,
                    const std::vector<CollectiveRounds>& concurrent, Posting posting = Posting::nonblocking);
void add_collective(std::vector<Phase>& phases, const std::string& name, double count,
                    const std::vector<CollectiveRounds>& concurrent, const std::vector<Posting>& posting);

}  // namespace tamp
