// The netbench Run. Each pass runs every phase at every size; the first `warmup` passes are not recorded.
#include "netbench_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "results.hpp"
#include "tamp/metrics.hpp"

namespace tamp::netbench {
namespace {

constexpr int kTag = 1;

// Byte i of every message of `size` bytes sent by `sender`: a wrong partner, size or offset shows.
unsigned char pattern_byte(int sender, std::int64_t size, std::int64_t i) {
  return static_cast<unsigned char>((sender * 131 + size * 7 + i * 13) % 251);
}

class NetbenchRun final : public app::Run {
 public:
  NetbenchRun(const NetbenchSpec& spec, const std::vector<Phase>& phases, const Allocation& job,
              std::vector<int> slot_of_task, const app::RunContext& context)
      : spec_(spec),
        phases_(phases),
        job_(job),
        tasks_(static_cast<int>(slot_of_task.size())),
        mapping_(std::move(slot_of_task), job.num_slots()),
        comm_(context.comm),
        task_(context.task) {
    const std::int64_t largest = spec_.sizes.back();
    std::size_t most_sources = 1;
    for (const Phase& phase : phases_) {
      sources_.push_back(phase.protocol == Protocol::pattern ? sources_of(phase)[task_] : std::vector<int>{});
      most_sources = std::max(most_sources, sources_.back().size());
    }
    send_.resize(static_cast<std::size_t>(largest));
    recv_.resize(static_cast<std::size_t>(largest) * most_sources);
    sums_.assign(phases_.size(), std::vector<std::vector<double>>(spec_.sizes.size()));
    for (std::size_t p = 0; p < phases_.size(); ++p) {
      for (auto& sum : sums_[p]) sum.assign(phases_[p].protocol == Protocol::ping_pong ? tasks_ : 1, 0.0);
    }
  }

  void iterate(app::IterationTimers& timers) override {
    const bool recorded = calls_++ >= spec_.warmup;
    timers.exchange.start();  // point-to-point messages (and the barriers between them)
    for (std::size_t p = 0; p < phases_.size(); ++p) {
      for (std::size_t i = 0; i < spec_.sizes.size(); ++i) {
        const int size = static_cast<int>(spec_.sizes[i]);
        fill_send(size);
        std::vector<double>& sum = sums_[p][i];
        switch (phases_[p].protocol) {
          case Protocol::ping_pong:
            ping_pong(phases_[p], size, recorded, sum);
            break;
          case Protocol::pairs: {
            const double seconds = pairs(phases_[p], size);
            if (recorded) sum[0] += seconds;
            break;
          }
          case Protocol::pattern: {
            const double seconds = pattern(phases_[p], sources_[p], size);
            if (recorded) sum[0] += seconds;
            break;
          }
        }
      }
    }
    timers.exchange.stop();
    if (recorded) ++passes_;
  }

  app::Verification verify() override {
    long long local[2] = {mismatches_, checked_};
    long long global[2] = {0, 0};
    MPI_Allreduce(local, global, 2, MPI_LONG_LONG, MPI_SUM, comm_);
    app::Verification v;
    v.error = static_cast<double>(global[0]);
    v.tolerance = 0;
    v.status = global[0] == 0 ? app::VerificationStatus::passed : app::VerificationStatus::failed;
    v.note = fmt::format("{} messages checked byte by byte (the last of each partner and size), {} wrong",
                         global[1], global[0]);
    return v;
  }

  app::Rate rate(double /*seconds*/, int /*iterations*/) const override {
    std::vector<PhaseResult> results;
    for (std::size_t p = 0; p < phases_.size(); ++p) results.push_back(reduce(p));
    return format_results(spec_, results);
  }

 private:
  void fill_send(int size) {
    for (int i = 0; i < size; ++i) send_[i] = pattern_byte(task_, size, i);
  }
  void check(const unsigned char* buffer, int sender, int size) {
    ++checked_;
    for (int i = 0; i < size; ++i) {
      if (buffer[i] != pattern_byte(sender, size, i)) {
        ++mismatches_;
        return;
      }
    }
  }

  // Alg. 4.1: the master sends and receives `messages` messages with each task in turn.
  void ping_pong(const Phase& phase, int size, bool recorded, std::vector<double>& sum) {
    MPI_Barrier(comm_);
    if (task_ == phase.master) {
      for (int t = 0; t < tasks_; ++t) {
        if (t == phase.master) continue;
        const double start = MPI_Wtime();
        for (int m = 0; m < spec_.messages; ++m) {
          MPI_Send(send_.data(), size, MPI_CHAR, t, kTag, comm_);
          MPI_Recv(recv_.data(), size, MPI_CHAR, t, kTag, comm_, MPI_STATUS_IGNORE);
        }
        const double elapsed = MPI_Wtime() - start;
        if (recorded) sum[t] += elapsed / (2.0 * spec_.messages);
        check(recv_.data(), t, size);
      }
    } else {
      for (int m = 0; m < spec_.messages; ++m) {
        MPI_Recv(recv_.data(), size, MPI_CHAR, phase.master, kTag, comm_, MPI_STATUS_IGNORE);
        MPI_Send(send_.data(), size, MPI_CHAR, phase.master, kTag, comm_);
      }
      check(recv_.data(), phase.master, size);
    }
  }

  // Alg. 4.2: all pairs at once; returns this task's time per message (0 when idle).
  double pairs(const Phase& phase, int size) {
    MPI_Barrier(comm_);
    const int partner = phase.partner[task_];
    if (partner < 0) return 0.0;
    const auto send_all = [&] {
      for (int m = 0; m < spec_.messages; ++m) MPI_Send(send_.data(), size, MPI_CHAR, partner, kTag, comm_);
    };
    const auto receive_all = [&] {
      for (int m = 0; m < spec_.messages; ++m) {
        MPI_Recv(recv_.data(), size, MPI_CHAR, partner, kTag, comm_, MPI_STATUS_IGNORE);
      }
    };
    const double start = MPI_Wtime();
    if (task_ < partner) {
      send_all();
      receive_all();
    } else {
      receive_all();
      send_all();
    }
    const double elapsed = (MPI_Wtime() - start) / spec_.messages;
    check(recv_.data(), partner, size);
    return elapsed;
  }

  // §5.1: the whole pattern `messages` times between two barriers; returns the time of one round.
  double pattern(const Phase& phase, const std::vector<int>& sources, int size) {
    const std::vector<int>& targets = phase.targets[task_];
    std::vector<MPI_Request> requests(sources.size() + targets.size());
    MPI_Barrier(comm_);
    const double start = MPI_Wtime();
    for (int m = 0; m < spec_.messages; ++m) {
      for (std::size_t k = 0; k < sources.size(); ++k) {
        MPI_Irecv(recv_.data() + k * static_cast<std::size_t>(size), size, MPI_CHAR, sources[k], kTag, comm_,
                  &requests[k]);
      }
      for (std::size_t k = 0; k < targets.size(); ++k) {
        MPI_Isend(send_.data(), size, MPI_CHAR, targets[k], kTag, comm_, &requests[sources.size() + k]);
      }
      MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    }
    MPI_Barrier(comm_);
    const double elapsed = (MPI_Wtime() - start) / spec_.messages;
    for (std::size_t k = 0; k < sources.size(); ++k) {
      check(recv_.data() + k * static_cast<std::size_t>(size), sources[k], size);
    }
    return elapsed;
  }

  // Hops per byte, maximum dilation and busiest link of a phase's messages under this placement (every stream
  // counts 1 byte: all streams of a size have the same bytes).
  void add_metrics(const Phase& phase, PhaseResult& result) const {
    const Metrics m = evaluate(TaskGraph::from_edges(tasks_, phase_edges(phase, tasks_)), job_, mapping_);
    result.hops_per_byte = m.hops_per_byte;
    result.max_dilation = m.max_dilation;
    result.max_link_streams = m.max_link_load;
  }
  int hops(int task_a, int task_b) const {
    return job_.machine().hops(job_.machine_node_of_slot(mapping_.slot(task_a)),
                               job_.machine_node_of_slot(mapping_.slot(task_b)));
  }

  // Collective: the figures of phase p, identical on every rank.
  PhaseResult reduce(std::size_t p) const {
    const Phase& phase = phases_[p];
    PhaseResult result;
    result.name = phase.name;
    add_metrics(phase, result);
    const double passes = std::max(passes_, 1);
    for (std::size_t i = 0; i < spec_.sizes.size(); ++i) {
      SizeResult r;
      if (phase.protocol == Protocol::ping_pong) {
        std::vector<double> latency = sums_[p][i];
        MPI_Bcast(latency.data(), tasks_, MPI_DOUBLE, phase.master, comm_);
        std::map<int, std::pair<double, int>> by_hops;
        r.min = -1;
        for (int t = 0; t < tasks_; ++t) {
          if (t == phase.master) continue;
          const double l = latency[t] / passes;
          r.min = r.min < 0 ? l : std::min(r.min, l);
          r.max = std::max(r.max, l);
          r.mean += l / (tasks_ - 1);
          auto& [total, count] = by_hops[hops(phase.master, t)];
          total += l;
          ++count;
        }
        for (const auto& [h, tc] : by_hops) r.by_hops[h] = tc.first / tc.second;
      } else {
        const bool sends = phase.protocol == Protocol::pattern || phase.partner[task_] >= 0;
        const double mine = sums_[p][i][0] / passes;
        double local[3] = {sends ? mine : 0.0, sends ? 1.0 : 0.0, mine};
        double sum[2] = {0, 0};
        MPI_Allreduce(local, sum, 2, MPI_DOUBLE, MPI_SUM, comm_);
        MPI_Allreduce(&local[2], &r.max, 1, MPI_DOUBLE, MPI_MAX, comm_);
        const double big = sends ? mine : 1e300;
        MPI_Allreduce(&big, &r.min, 1, MPI_DOUBLE, MPI_MIN, comm_);
        r.mean = sum[1] > 0 ? sum[0] / sum[1] : 0.0;
      }
      result.sizes.push_back(std::move(r));
    }
    return result;
  }

  const NetbenchSpec& spec_;
  const std::vector<Phase>& phases_;
  const Allocation& job_;
  int tasks_;
  Mapping mapping_;  // task -> job slot of this placement
  MPI_Comm comm_;
  int task_;
  std::vector<std::vector<int>> sources_;  // per phase: the tasks this one receives from (pattern)
  std::vector<unsigned char> send_;
  std::vector<unsigned char> recv_;  // one message per source
  // Per phase and size: summed seconds per message; ping_pong: per destination (master), others: this task.
  std::vector<std::vector<std::vector<double>>> sums_;
  int calls_ = 0;
  int passes_ = 0;
  long long checked_ = 0;
  long long mismatches_ = 0;
};

}  // namespace

std::unique_ptr<app::Run> make_netbench_run(const NetbenchSpec& spec, const std::vector<Phase>& phases,
                                            const Allocation& job, std::vector<int> slot_of_task,
                                            const app::RunContext& context) {
  return std::make_unique<NetbenchRun>(spec, phases, job, std::move(slot_of_task), context);
}

}  // namespace tamp::netbench
