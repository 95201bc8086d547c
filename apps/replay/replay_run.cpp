// The MPI side of a replay: posting, waiting and checking the plan's messages and collectives.
#include "replay_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "byte_pattern.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/compute.hpp"
#include "tamp/app/field_memory.hpp"
#include "tamp/app/slot_order_comm.hpp"

namespace tamp::replay {
namespace {

// The pattern of a whole-communicator result (allreduce, reduce, bcast): no sender, no receiver.
constexpr int kNobody = -1;

// Bytes [lo, hi) of `b` that rank `r` of `P` contributes to a reduction: a block each, the rest zero, so that the
// bitwise XOR of all contributions is every block's owner's bytes.
std::pair<std::int64_t, std::int64_t> block(std::int64_t b, int r, int P) {
  return {b * r / P, b * (r + 1) / P};
}

class ReplayRun final : public app::Run {
 public:
  ReplayRun(const ReplayPlan& plan, double weight, const app::RunContext& context)
      : plan_(plan), weight_(weight), context_(context) {
    const bool launcher = std::any_of(plan.calls.begin(), plan.calls.end(),
                                      [](const Call& c) { return c.launcher_order; });
    if (launcher) slot_comm_.emplace(context);
    app::collectively(context.comm, [&] { allocate(); });
  }

  void iterate(app::IterationTimers& timers) override {
    for (std::size_t c = 0; c < plan_.calls.size(); ++c) {
      const Call& call = plan_.calls[c];
      app::Timer& timer = call.collective ? timers.collective : timers.exchange;
      for (int k = 0; k < call.count; ++k) {
        timer.start();
        if (call.mpi.op == Collective::rounds) {
          run_rounds(c);
        } else {
          run_collective(c);
        }
        ++states_[c].occurrence;
        timer.stop();
      }
    }
    // The step's computation after its messages, as the flow engine charges `after` work (step_work()).
    app::compute_phase(timers, context_, "task", 1.0, [] {});
    app::compute_phase(timers, context_, "weight", weight_, [] {});
  }

  app::Verification verify() override {
    std::int64_t local[2] = {0, 0};  // wrong bytes, checked bytes
    for (std::size_t c = 0; c < plan_.calls.size(); ++c) {
      if (states_[c].occurrence == 0) continue;
      check(c, local[0], local[1]);
    }
    std::int64_t global[2] = {0, 0};
    MPI_Allreduce(local, global, 2, MPI_INT64_T, MPI_SUM, context_.comm);
    app::Verification v;
    v.status = global[0] == 0 ? app::VerificationStatus::passed : app::VerificationStatus::failed;
    v.error = static_cast<double>(global[0]);
    v.tolerance = 0;
    v.note = fmt::format("{} bytes received in the last step checked, {} wrong", global[1], global[0]);
    return v;
  }

  app::Rate rate(double seconds, int iterations) const override {
    app::Rate r;
    const double bytes = plan_.bytes * iterations;
    const double gbs = seconds > 0 ? bytes / seconds / 1e9 : 0.0;
    r.line = fmt::format("Rate: {:.4g} GB/s ({} messages, {:.4g} bytes per step x {} steps in {:.4e} s)", gbs,
                         plan_.messages, plan_.bytes, iterations, seconds);
    r.fields = {{"gbs", gbs}, {"messages_per_step", plan_.messages}, {"bytes_per_step", plan_.bytes}};
    return r;
  }

 private:
  struct CallState {
    MPI_Comm comm = MPI_COMM_NULL;
    int rank = 0;  // in comm
    int ranks = 0;
    unsigned char* send = nullptr;  // in memory_
    unsigned char* recv = nullptr;
    std::int64_t occurrence = 0;  // times the call ran so far
    std::vector<MPI_Request> requests;
  };

  // Every buffer of the task in one block: zero-filled, or folded across the ranks of a skeleton run of the
  // simulated build (one memory map per rank; app::FieldMemory), whose bytes are never written nor checked.
  void allocate() {
    states_.resize(plan_.calls.size());
    std::size_t bytes = 0;
    for (std::size_t c = 0; c < plan_.calls.size(); ++c) {
      const Call& call = plan_.calls[c];
      CallState& s = states_[c];
      s.comm = call.launcher_order ? slot_comm_->get() : context_.comm;
      MPI_Comm_rank(s.comm, &s.rank);
      MPI_Comm_size(s.comm, &s.ranks);
      bytes += static_cast<std::size_t>(call.send_bytes[s.rank] + call.recv_bytes[s.rank]);
    }
    memory_ = app::FieldMemory((bytes + sizeof(double) - 1) / sizeof(double), app::fold_fields(context_));
    auto* next = reinterpret_cast<unsigned char*>(memory_.data());
    for (std::size_t c = 0; c < plan_.calls.size(); ++c) {
      CallState& s = states_[c];
      s.send = next;
      next += plan_.calls[c].send_bytes[s.rank];
      s.recv = next;
      next += plan_.calls[c].recv_bytes[s.rank];
      if (!context_.skeleton) fill(c);
    }
  }

  // The send buffers' patterns for occurrence 0 (and the root's buffer of a bcast).
  void fill(std::size_t c) {
    const Call& call = plan_.calls[c];
    CallState& s = states_[c];
    const int me = s.rank, P = s.ranks, root = call.mpi.root;
    const auto b = static_cast<std::int64_t>(std::ceil(call.mpi.bytes));
    switch (call.mpi.op) {
      case Collective::rounds:
        for (std::size_t k = 0; k < call.rounds.size(); ++k) {
          const Round& round = call.rounds[k];
          for (std::int64_t m = round.send_begin[me]; m < round.send_begin[me + 1]; ++m) {
            const Message& msg = round.sends[m];
            BytePattern(static_cast<int>(c), static_cast<int>(k), me, msg.peer)
                .fill(s.send + msg.offset, 0, msg.bytes, 0);
          }
        }
        break;
      case Collective::allreduce:
      case Collective::reduce: {
        const auto [lo, hi] = block(b, me, P);
        BytePattern(static_cast<int>(c), 0, kNobody, kNobody).fill(s.send + lo, lo, hi, 0);
        break;
      }
      case Collective::bcast:
        if (me == root) BytePattern(static_cast<int>(c), 0, kNobody, kNobody).fill(s.recv, 0, b, 0);
        break;
      case Collective::alltoall:
      case Collective::scatter:
        if (call.mpi.op == Collective::scatter && me != root) break;
        for (int d = 0; d < P; ++d) BytePattern(static_cast<int>(c), 0, me, d).fill(s.send + d * b, 0, b, 0);
        break;
      case Collective::gather:
        BytePattern(static_cast<int>(c), 0, me, root).fill(s.send, 0, b, 0);
        break;
    }
  }

  // Each round: receives posted, then sends (each re-stamped for this occurrence), then wait for all.
  void run_rounds(std::size_t c) {
    const Call& call = plan_.calls[c];
    CallState& s = states_[c];
    const int me = s.rank;
    for (std::size_t k = 0; k < call.rounds.size(); ++k) {
      const Round& round = call.rounds[k];
      const int tag = static_cast<int>(k % 32768);
      s.requests.clear();
      for (std::int64_t m = round.recv_begin[me]; m < round.recv_begin[me + 1]; ++m) {
        const Message& msg = round.recvs[m];
        s.requests.emplace_back();
        MPI_Irecv(s.recv + msg.offset, static_cast<int>(msg.bytes), MPI_BYTE, msg.peer, tag, s.comm,
                  &s.requests.back());
      }
      for (std::int64_t m = round.send_begin[me]; m < round.send_begin[me + 1]; ++m) {
        const Message& msg = round.sends[m];
        if (!context_.skeleton)
          BytePattern(static_cast<int>(c), static_cast<int>(k), me, msg.peer)
              .stamp(s.send + msg.offset, 0, msg.bytes, s.occurrence);
        s.requests.emplace_back();
        MPI_Isend(s.send + msg.offset, static_cast<int>(msg.bytes), MPI_BYTE, msg.peer, tag, s.comm,
                  &s.requests.back());
      }
      MPI_Waitall(static_cast<int>(s.requests.size()), s.requests.data(), MPI_STATUSES_IGNORE);
    }
  }

  void run_collective(std::size_t c) {
    const Call& call = plan_.calls[c];
    CallState& s = states_[c];
    const int me = s.rank, P = s.ranks, root = call.mpi.root;
    const int b = static_cast<int>(std::ceil(call.mpi.bytes));
    const BytePattern whole(static_cast<int>(c), 0, kNobody, kNobody);
    unsigned char* send = s.send;
    unsigned char* recv = s.recv;
    const bool stamp = !context_.skeleton;
    switch (call.mpi.op) {
      case Collective::allreduce:
      case Collective::reduce: {
        const auto [lo, hi] = block(b, me, P);
        if (stamp) whole.stamp(send + lo, lo, hi, s.occurrence);
        if (call.mpi.op == Collective::allreduce) {
          MPI_Allreduce(send, recv, b, MPI_UNSIGNED_CHAR, MPI_BXOR, s.comm);
        } else {
          MPI_Reduce(send, recv, b, MPI_UNSIGNED_CHAR, MPI_BXOR, root, s.comm);
        }
        break;
      }
      case Collective::bcast:
        if (stamp && me == root) whole.stamp(recv, 0, b, s.occurrence);
        MPI_Bcast(recv, b, MPI_BYTE, root, s.comm);
        break;
      case Collective::alltoall:
      case Collective::scatter:
        if (stamp && (call.mpi.op == Collective::alltoall || me == root))
          for (int d = 0; d < P; ++d)
            BytePattern(static_cast<int>(c), 0, me, d).stamp(send + static_cast<std::int64_t>(d) * b, 0, b,
                                                             s.occurrence);
        if (call.mpi.op == Collective::alltoall) {
          MPI_Alltoall(send, b, MPI_BYTE, recv, b, MPI_BYTE, s.comm);
        } else {
          MPI_Scatter(send, b, MPI_BYTE, recv, b, MPI_BYTE, root, s.comm);
        }
        break;
      case Collective::gather:
        if (stamp) BytePattern(static_cast<int>(c), 0, me, root).stamp(send, 0, b, s.occurrence);
        MPI_Gather(send, b, MPI_BYTE, recv, b, MPI_BYTE, root, s.comm);
        break;
      case Collective::rounds:
        break;
    }
  }

  // Adds the wrong and the checked bytes of the call's last occurrence to `wrong` and `checked`.
  void check(std::size_t c, std::int64_t& wrong, std::int64_t& checked) const {
    const Call& call = plan_.calls[c];
    const CallState& s = states_[c];
    const int me = s.rank, P = s.ranks, root = call.mpi.root;
    const std::int64_t last = s.occurrence - 1;
    const auto b = static_cast<std::int64_t>(std::ceil(call.mpi.bytes));
    const auto expect = [&](const BytePattern& pattern, const unsigned char* in, std::int64_t bytes) {
      wrong += pattern.mismatches(in, 0, bytes, last);
      checked += bytes;
    };
    switch (call.mpi.op) {
      case Collective::rounds:
        for (std::size_t k = 0; k < call.rounds.size(); ++k) {
          const Round& round = call.rounds[k];
          for (std::int64_t m = round.recv_begin[me]; m < round.recv_begin[me + 1]; ++m) {
            const Message& msg = round.recvs[m];
            expect(BytePattern(static_cast<int>(c), static_cast<int>(k), msg.peer, me), s.recv + msg.offset,
                   msg.bytes);
          }
        }
        break;
      case Collective::allreduce:
      case Collective::bcast:
        expect(BytePattern(static_cast<int>(c), 0, kNobody, kNobody), s.recv, b);
        break;
      case Collective::reduce:
        if (me == root) expect(BytePattern(static_cast<int>(c), 0, kNobody, kNobody), s.recv, b);
        break;
      case Collective::alltoall:
        for (int src = 0; src < P; ++src)
          expect(BytePattern(static_cast<int>(c), 0, src, me), s.recv + src * b, b);
        break;
      case Collective::scatter:
        expect(BytePattern(static_cast<int>(c), 0, root, me), s.recv, b);
        break;
      case Collective::gather:
        if (me == root)
          for (int src = 0; src < P; ++src)
            expect(BytePattern(static_cast<int>(c), 0, src, root), s.recv + src * b, b);
        break;
    }
  }

  const ReplayPlan& plan_;
  double weight_;
  app::RunContext context_;
  std::optional<app::SlotOrderComm> slot_comm_;
  std::vector<CallState> states_;
  app::FieldMemory memory_;
};

}  // namespace

std::unique_ptr<app::Run> make_replay_run(const ReplayPlan& plan, double weight, const app::RunContext& context) {
  return std::make_unique<ReplayRun>(plan, weight, context);
}

}  // namespace tamp::replay
