// The task graph of the FFT: the process grid's transpose messages of one forward + backward transform.
#pragma once
#include "fft_spec.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::fft {

/// The whole graph (what the mappers place) and its two parts: the row transposes (forward 1, backward 2)
/// and the column transposes (forward 2, backward 1). Task t = r * pc + c; the graph carries the grid shape
/// (pc fastest, not periodic) and the coordinates (c, r). Byte weights: 16 bytes per complex element.
struct FftGraphs {
  TaskGraph all;
  TaskGraph rows;
  TaskGraph columns;
};
FftGraphs make_fft_graphs(const FftSpec& spec);

}  // namespace tamp::fft
