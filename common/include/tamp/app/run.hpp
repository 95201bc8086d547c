// The run of one placement, as an app implements it: its iterations, its check and its rate line.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tamp/app/timer.hpp"
#include "tamp/app/verification.hpp"

namespace tamp::app {

/// App figures of the timed loop: one printed line (e.g. "Rate: 812.3 MLUP/s, 13.0 GB/s") and JSON fields.
struct Rate {
  std::string line;
  nlohmann::json fields = nlohmann::json::object();
};

/// One placement's state, allocated by Problem::start().
class Run {
 public:
  virtual ~Run() = default;
  /// One iteration; adds its phases to `timers`. Collective on the run's communicator.
  virtual void iterate(IterationTimers& timers) = 0;
  /// Checks the result of all iterations so far. Collective; every rank returns the same verdict.
  virtual Verification verify() = 0;
  /// `seconds`: time of `iterations` timed iterations (max over ranks).
  virtual Rate rate(double seconds, int iterations) const = 0;

  /// --compare: what the runs of later placements must reproduce (e.g. lanczos's eigenvalues); empty when the
  /// app compares nothing. The harness asks the first verified run, after verify().
  virtual std::vector<double> comparable_result() const { return {}; }
  /// Checks this run against `first` (the first verified run's comparable_result()) and amends `verification`
  /// (status, error, note). The harness calls it after verify() on every later verified run; every rank must
  /// reach the same verdict.
  virtual void compare_with_first(const std::vector<double>& /*first*/, Verification& /*verification*/) {}
};

/// The first verified run's comparable_result(), kept by the harness across the runs of one job.
struct FirstRun {
  bool set = false;
  std::vector<double> result;
};

}  // namespace tamp::app
