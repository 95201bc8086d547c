// Measurements a run makes before its timed loop: the blocking reference of an overlapped run (NBCBench's
// t_b, [Hoefler08] §IV.2.2), the tile/window sweep of --autotune, and hop-bytes per transpose.
#pragma once
#include <mpi.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "tamp/metrics.hpp"
#include "transpose.hpp"

namespace tamp::fft {

/// One forward + backward transform with the given transposes.
using Pair = std::function<void(const PipelineConfig&, app::IterationTimers&, PhaseTimers&)>;

/// Per transform pair, max over ranks: time inside the blocking MPI_Alltoallvs and the whole pair.
struct BlockingReference {
  double transpose = 0;
  double total = 0;
};
/// Collective: one untimed and `repetitions` timed pairs with blocking transposes.
BlockingReference time_blocking(const Pair& pair, int repetitions, MPI_Comm comm);

/// The fastest tile and window (max over ranks of the time of a pair; ties: the first swept) and the table
/// of every candidate: tiles 1, 2, 4, ... up to `max_tile` (and `max_tile` itself), windows 1 to 4.
struct Tuning {
  PipelineConfig best;
  nlohmann::json table = nlohmann::json::array();
};
/// Collective: one untimed and two timed pairs per candidate.
Tuning autotune(const Pair& pair, const PipelineConfig& base, int max_tile, MPI_Comm comm);

/// The placement's metrics of the row and of the column transposes.
struct TransposeMetrics {
  Metrics rows;
  Metrics columns;
};

}  // namespace tamp::fft
