// Wall-clock timers (MPI_Wtime) that accumulate over many start/stop pairs.
#pragma once
#include <mpi.h>

#include <functional>
#include <map>
#include <string>

namespace tamp::app {

class Timer {
 public:
  void start() { started_ = MPI_Wtime(); }
  /// Adds the time since start() and returns it.
  double stop() {
    const double lap = MPI_Wtime() - started_;
    total_ += lap;
    return lap;
  }
  double seconds() const { return total_; }
  void reset() { total_ = 0; }

 private:
  double started_ = 0;
  double total_ = 0;
};

/// Work and time charged to one kind of unit (--compute-model calibrate).
struct ChargeTally {
  double units = 0;
  double seconds = 0;
};

/// The phases every app times inside an iteration. Communication is split into point-to-point exchanges
/// (halo and ghost faces, pair messages) and collectives (reductions, broadcasts, all-to-all transposes).
struct IterationTimers {
  Timer compute;     // kernels (through compute_phase(), tamp/app/compute.hpp)
  Timer exchange;    // point-to-point: packing, posting, waiting, unpacking
  Timer collective;  // collective operations, with their packing
  /// Seconds of each unit kind charged under --compute-model calibrate.
  std::map<std::string, ChargeTally, std::less<>> charges;

  /// All communication: exchange + collective.
  double comm() const { return exchange.seconds() + collective.seconds(); }
};

}  // namespace tamp::app
