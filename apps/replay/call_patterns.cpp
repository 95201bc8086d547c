#include "call_patterns.hpp"

#include <cmath>

#include "byte_pattern.hpp"

namespace tamp::replay {
namespace {

// The pattern of a result of the whole communicator (allreduce, reduce, bcast): no sender, no receiver.
constexpr int kNobody = -1;

// Calls f(pattern, out, begin, end) for every region of the task's send buffer: `out` holds bytes [begin,
// end) of the message `pattern` describes.
template <class F>
void for_each_send(const Call& call, int id, const CallBuffers& task, F&& f) {
  const int me = task.rank, root = call.mpi.root;
  const auto b = static_cast<std::int64_t>(std::ceil(call.mpi.bytes));
  switch (call.mpi.op) {
    case Collective::rounds:
      for (std::size_t k = 0; k < call.rounds.size(); ++k) {
        const Round& round = call.rounds[k];
        for (std::int64_t m = round.send_begin[me]; m < round.send_begin[me + 1]; ++m) {
          const Message& msg = round.sends[m];
          f(BytePattern(id, static_cast<int>(k), me, msg.peer), task.send + msg.offset, 0, msg.bytes);
        }
      }
      break;
    case Collective::allreduce:
    case Collective::reduce: {
      const auto [lo, hi] = reduction_block(b, me, task.ranks);
      f(BytePattern(id, 0, kNobody, kNobody), task.send + lo, lo, hi);
      break;
    }
    case Collective::bcast:  // the root's buffer is the message
      if (me == root) f(BytePattern(id, 0, kNobody, kNobody), task.recv, 0, b);
      break;
    case Collective::alltoall:
    case Collective::scatter:
      if (call.mpi.op == Collective::scatter && me != root) break;
      for (int d = 0; d < task.ranks; ++d) f(BytePattern(id, 0, me, d), task.send + d * b, 0, b);
      break;
    case Collective::gather:
      f(BytePattern(id, 0, me, root), task.send, 0, b);
      break;
  }
}

// The same for every region of the receive buffer that the call writes on this task.
template <class F>
void for_each_receive(const Call& call, int id, const CallBuffers& task, F&& f) {
  const int me = task.rank, root = call.mpi.root;
  const auto b = static_cast<std::int64_t>(std::ceil(call.mpi.bytes));
  switch (call.mpi.op) {
    case Collective::rounds:
      for (std::size_t k = 0; k < call.rounds.size(); ++k) {
        const Round& round = call.rounds[k];
        for (std::int64_t m = round.recv_begin[me]; m < round.recv_begin[me + 1]; ++m) {
          const Message& msg = round.recvs[m];
          f(BytePattern(id, static_cast<int>(k), msg.peer, me), task.recv + msg.offset, msg.bytes);
        }
      }
      break;
    case Collective::allreduce:
    case Collective::bcast:
      f(BytePattern(id, 0, kNobody, kNobody), task.recv, b);
      break;
    case Collective::reduce:
      if (me == root) f(BytePattern(id, 0, kNobody, kNobody), task.recv, b);
      break;
    case Collective::alltoall:
      for (int src = 0; src < task.ranks; ++src) f(BytePattern(id, 0, src, me), task.recv + src * b, b);
      break;
    case Collective::scatter:
      f(BytePattern(id, 0, root, me), task.recv, b);
      break;
    case Collective::gather:
      if (me == root)
        for (int src = 0; src < task.ranks; ++src) f(BytePattern(id, 0, src, root), task.recv + src * b, b);
      break;
  }
}

}  // namespace

std::pair<std::int64_t, std::int64_t> reduction_block(std::int64_t bytes, int rank, int ranks) {
  return {bytes * rank / ranks, bytes * (rank + 1) / ranks};
}

void fill_sends(const Call& call, int id, const CallBuffers& task) {
  for_each_send(call, id, task,
                [](const BytePattern& p, unsigned char* out, std::int64_t lo, std::int64_t hi) {
                  p.fill(out, lo, hi, 0);
                });
}

void stamp_sends(const Call& call, int id, const CallBuffers& task, std::int64_t occurrence) {
  for_each_send(call, id, task,
                [&](const BytePattern& p, unsigned char* out, std::int64_t lo, std::int64_t hi) {
                  p.stamp(out, lo, hi, occurrence);
                });
}

Received check_receives(const Call& call, int id, const CallBuffers& task, std::int64_t occurrence) {
  Received r;
  for_each_receive(call, id, task, [&](const BytePattern& p, const unsigned char* in, std::int64_t bytes) {
    r.wrong += p.mismatches(in, 0, bytes, occurrence);
    r.checked += bytes;
  });
  return r;
}

}  // namespace tamp::replay
