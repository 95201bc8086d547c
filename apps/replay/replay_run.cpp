// The MPI side of a replay: posting and waiting for the plan's messages, calling its collectives, and
// reducing the check of what arrived (the bytes themselves: call_patterns.hpp).
#include "replay_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "call_patterns.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/compute.hpp"
#include "tamp/app/field_memory.hpp"
#include "tamp/app/slot_order_comm.hpp"

namespace tamp::replay {
namespace {

class ReplayRun final : public app::Run {
 public:
  ReplayRun(const ReplayPlan& plan, double weight, const app::RunContext& context)
      : plan_(plan), weight_(weight), context_(context) {
    const bool launcher =
        std::any_of(plan.calls.begin(), plan.calls.end(), [](const Call& c) { return c.launcher_order; });
    if (launcher) slot_comm_.emplace(context);
    app::collectively(context.comm, [&] { allocate(); });
  }

  void iterate(app::IterationTimers& timers) override {
    for (std::size_t c = 0; c < plan_.calls.size(); ++c) {
      const Call& call = plan_.calls[c];
      CallState& s = states_[c];
      app::Timer& timer = call.collective ? timers.collective : timers.exchange;
      for (int k = 0; k < call.count; ++k) {
        timer.start();
        if (!context_.skeleton) stamp_sends(call, static_cast<int>(c), s.buffers, s.occurrence);
        if (call.mpi.op == Collective::rounds) {
          run_rounds(call, s);
        } else {
          run_collective(call, s);
        }
        ++s.occurrence;
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
      const CallState& s = states_[c];
      if (s.occurrence == 0) continue;
      const Received r = check_receives(plan_.calls[c], static_cast<int>(c), s.buffers, s.occurrence - 1);
      local[0] += r.wrong;
      local[1] += r.checked;
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
    CallBuffers buffers;          // rank in comm, and where the task's bytes of the call are in memory_
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
      MPI_Comm_rank(s.comm, &s.buffers.rank);
      MPI_Comm_size(s.comm, &s.buffers.ranks);
      bytes += static_cast<std::size_t>(call.send_bytes[s.buffers.rank] + call.recv_bytes[s.buffers.rank]);
    }
    memory_ = app::FieldMemory((bytes + sizeof(double) - 1) / sizeof(double), app::fold_fields(context_));
    auto* next = reinterpret_cast<unsigned char*>(memory_.data());
    for (std::size_t c = 0; c < plan_.calls.size(); ++c) {
      CallBuffers& b = states_[c].buffers;
      b.send = next;
      next += plan_.calls[c].send_bytes[b.rank];
      b.recv = next;
      next += plan_.calls[c].recv_bytes[b.rank];
      if (!context_.skeleton) fill_sends(plan_.calls[c], static_cast<int>(c), b);
    }
  }

  // Each round: receives posted, then sends, then wait for all of them.
  static void run_rounds(const Call& call, CallState& s) {
    const int me = s.buffers.rank;
    for (std::size_t k = 0; k < call.rounds.size(); ++k) {
      const Round& round = call.rounds[k];
      const int tag = static_cast<int>(k % 32768);
      s.requests.clear();
      for (std::int64_t m = round.recv_begin[me]; m < round.recv_begin[me + 1]; ++m) {
        const Message& msg = round.recvs[m];
        s.requests.emplace_back();
        MPI_Irecv(s.buffers.recv + msg.offset, static_cast<int>(msg.bytes), MPI_BYTE, msg.peer, tag, s.comm,
                  &s.requests.back());
      }
      for (std::int64_t m = round.send_begin[me]; m < round.send_begin[me + 1]; ++m) {
        const Message& msg = round.sends[m];
        s.requests.emplace_back();
        MPI_Isend(s.buffers.send + msg.offset, static_cast<int>(msg.bytes), MPI_BYTE, msg.peer, tag, s.comm,
                  &s.requests.back());
      }
      MPI_Waitall(static_cast<int>(s.requests.size()), s.requests.data(), MPI_STATUSES_IGNORE);
    }
  }

  // Reductions combine by MPI_BXOR: each rank contributes one block (reduction_block), zero elsewhere.
  static void run_collective(const Call& call, CallState& s) {
    const int b = static_cast<int>(std::ceil(call.mpi.bytes));
    const int root = call.mpi.root;
    unsigned char* send = s.buffers.send;
    unsigned char* recv = s.buffers.recv;
    switch (call.mpi.op) {
      case Collective::allreduce:
        MPI_Allreduce(send, recv, b, MPI_UNSIGNED_CHAR, MPI_BXOR, s.comm);
        break;
      case Collective::reduce:
        MPI_Reduce(send, recv, b, MPI_UNSIGNED_CHAR, MPI_BXOR, root, s.comm);
        break;
      case Collective::bcast:
        MPI_Bcast(recv, b, MPI_BYTE, root, s.comm);
        break;
      case Collective::alltoall:
        MPI_Alltoall(send, b, MPI_BYTE, recv, b, MPI_BYTE, s.comm);
        break;
      case Collective::scatter:
        MPI_Scatter(send, b, MPI_BYTE, recv, b, MPI_BYTE, root, s.comm);
        break;
      case Collective::gather:
        MPI_Gather(send, b, MPI_BYTE, recv, b, MPI_BYTE, root, s.comm);
        break;
      case Collective::rounds:
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

std::unique_ptr<app::Run> make_replay_run(const ReplayPlan& plan, double weight,
                                          const app::RunContext& context) {
  return std::make_unique<ReplayRun>(plan, weight, context);
}

}  // namespace tamp::replay
