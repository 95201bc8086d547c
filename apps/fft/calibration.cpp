// Blocking reference and auto-tuning: timed pairs reduced to their maximum over ranks.
#include "calibration.hpp"

#include <limits>
#include <vector>

namespace tamp::fft {
namespace {

// Seconds per pair (max over ranks) of `repetitions` pairs after one untimed pair; `phases` gets the timed
// ones.
double time_pairs(const Pair& pair, const PipelineConfig& config, int repetitions, MPI_Comm comm,
                  PhaseTimers& phases) {
  app::IterationTimers timers;
  PhaseTimers untimed;
  pair(config, timers, untimed);
  MPI_Barrier(comm);
  const double start = MPI_Wtime();
  for (int i = 0; i < repetitions; ++i) pair(config, timers, phases);
  const double local = (MPI_Wtime() - start) / repetitions;
  double result = 0;
  MPI_Allreduce(&local, &result, 1, MPI_DOUBLE, MPI_MAX, comm);
  return result;
}

}  // namespace

BlockingReference time_blocking(const Pair& pair, int repetitions, MPI_Comm comm) {
  PipelineConfig blocking;
  blocking.mode = TransposeMode::blocking;
  PhaseTimers phases;
  BlockingReference reference;
  reference.total = time_pairs(pair, blocking, repetitions, comm, phases);
  const double local = phases.transpose.seconds() / repetitions;
  MPI_Allreduce(&local, &reference.transpose, 1, MPI_DOUBLE, MPI_MAX, comm);
  return reference;
}

Tuning autotune(const Pair& pair, const PipelineConfig& base, int max_tile, MPI_Comm comm) {
  std::vector<int> tiles;
  for (int tile = 1; tile < max_tile; tile *= 2) tiles.push_back(tile);
  tiles.push_back(max_tile);
  Tuning tuning;
  double best = std::numeric_limits<double>::infinity();
  for (const int tile : tiles) {
    for (int window = 1; window <= 4; ++window) {
      PipelineConfig config = base;
      config.tile = tile;
      config.window = window;
      PhaseTimers phases;
      const double seconds = time_pairs(pair, config, 2, comm, phases);
      tuning.table.push_back({{"tile", tile}, {"window", window}, {"seconds", seconds}});
      if (seconds < best) {  // the same reduced figures on every rank: the same choice
        best = seconds;
        tuning.best = config;
      }
    }
  }
  return tuning;
}

}  // namespace tamp::fft
