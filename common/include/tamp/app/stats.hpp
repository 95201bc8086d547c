// Minimum, mean and maximum of a per-rank value: what the report prints (no MPI; reduce_stats.hpp fills it).
#pragma once

namespace tamp::app {

struct Stats {
  double min = 0;
  double mean = 0;
  double max = 0;
};

}  // namespace tamp::app
