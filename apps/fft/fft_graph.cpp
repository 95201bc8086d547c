// Edges of the row and column all-to-alls, from the stage geometry the run uses.
#include "fft_graph.hpp"

#include <utility>
#include <vector>

#include "stage_plan.hpp"

namespace tamp::fft {
namespace {

constexpr double kBytesPerElement = 16;

// Bytes `task` sends to each task through its row transposes (forward 1, backward 2) or its column
// transposes (forward 2, backward 1) in one forward + backward transform; 0 to itself.
std::vector<double> bytes_of_kind(const FftSpec& spec, int task, bool rows) {
  const int r = task / spec.pc, c = task % spec.pc;
  const StagePlan plan = stage_plan(spec, r, c);
  const Stage& first = rows ? plan.forward_rows : plan.forward_columns;
  const Stage& second = rows ? plan.backward_rows : plan.backward_columns;
  std::vector<double> bytes(spec.ranks(), 0.0);
  for (int peer = 0; peer < first.ranks(); ++peer) {
    const int other = rows ? r * spec.pc + peer : peer * spec.pc + c;
    if (other == task) continue;
    bytes[other] = kBytesPerElement * (double(first.send_count(peer, first.planes())) +
                                       double(second.send_count(peer, second.planes())));
  }
  return bytes;
}

TaskGraph graph_of(const FftSpec& spec, bool rows, bool columns) {
  std::vector<Edge> edges;
  for (int task = 0; task < spec.ranks(); ++task) {
    std::vector<double> bytes(spec.ranks(), 0.0);
    if (rows) bytes = bytes_of_kind(spec, task, true);
    if (columns) {
      const auto more = bytes_of_kind(spec, task, false);
      for (int t = 0; t < spec.ranks(); ++t) bytes[t] += more[t];
    }
    for (int t = 0; t < spec.ranks(); ++t)
      if (bytes[t] > 0) edges.push_back({task, t, bytes[t]});
  }
  TaskGraph graph = TaskGraph::from_edges(spec.ranks(), std::move(edges));
  graph.set_grid(GridShape{{spec.pc, spec.pr}, {false, false}});
  std::vector<double> xy;
  for (int task = 0; task < spec.ranks(); ++task) {
    xy.push_back(task % spec.pc);
    xy.push_back(task / spec.pc);
  }
  graph.set_coordinates(2, std::move(xy));
  return graph;
}

}  // namespace

FftGraphs make_fft_graphs(const FftSpec& spec) {
  return {graph_of(spec, true, true), graph_of(spec, true, false), graph_of(spec, false, true)};
}

}  // namespace tamp::fft
