// The task graph of the FFT: the process grid's transpose messages of one forward + backward transform.
#pragma once
#include <string>

#include "fft_spec.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::fft {

/// The `tamp-map gen` spec of the run's transposes (generators.md, `fft:`): `fft:N0xN1xN2,ranks=P` when the
/// grid is the one fft_default_grid picks for P ranks, else `fft:N0xN1xN2,grid=PRxPC`. A campaign deck's
/// `graph` line is this line.
std::string fft_graph_spec(const FftSpec& spec);

/// The whole graph (what the mappers place: generate_graph(fft_graph_spec(spec)), the four transposes as
/// phases) and its two parts: the row transposes (forward 1, backward 2) and the column transposes (forward
/// 2, backward 1). Task t = r * pc + c; the graphs carry the grid shape (pc fastest, not periodic) and the
/// coordinates (c, r). Byte weights: 16 bytes per complex element.
struct FftGraphs {
  TaskGraph all;
  TaskGraph rows;
  TaskGraph columns;
};
FftGraphs make_fft_graphs(const FftSpec& spec);

}  // namespace tamp::fft
