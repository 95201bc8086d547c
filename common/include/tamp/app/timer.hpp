// Wall-clock timers (MPI_Wtime) that accumulate over many start/stop pairs.
#pragma once
#include <mpi.h>

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

/// The two phases every app times inside an iteration.
struct IterationTimers {
  Timer compute;  // kernels
  Timer comm;     // packing, posting, waiting, unpacking
};

}  // namespace tamp::app
