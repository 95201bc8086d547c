// The FFT's task graph: the library's fft: generator, and its row and column parts.
#include "fft_graph.hpp"

#include <fmt/format.h>

#include <utility>
#include <vector>

#include "tamp/generators.hpp"

namespace tamp::fft {
namespace {

// The messages of the phases whose name starts with `prefix`, with the grid and coordinates of `all`.
TaskGraph part(const TaskGraph& all, const std::string& prefix) {
  std::vector<Edge> edges;
  for (const Phase& p : all.phases())
    if (p.name.rfind(prefix, 0) == 0)
      for (const Edge& e : p.edges) edges.push_back({e.src, e.dst, e.bytes * p.count});
  TaskGraph graph = TaskGraph::from_edges(all.num_tasks(), std::move(edges));
  if (all.grid()) graph.set_grid(*all.grid());
  graph.set_coordinates(all.coordinate_dim(), all.coordinates());
  return graph;
}

}  // namespace

std::string fft_graph_spec(const FftSpec& spec) {
  const std::string size = fmt::format("fft:{}x{}x{}", spec.n[0], spec.n[1], spec.n[2]);
  if (fft_default_grid(spec.n, spec.ranks()) == std::array<int, 2>{spec.pr, spec.pc})
    return fmt::format("{},ranks={}", size, spec.ranks());
  return fmt::format("{},grid={}x{}", size, spec.pr, spec.pc);
}

FftGraphs make_fft_graphs(const FftSpec& spec) {
  FftGraphs g;
  g.all = generate_graph(fft_graph_spec(spec));
  g.rows = part(g.all, "rows-");
  g.columns = part(g.all, "columns-");
  return g;
}

}  // namespace tamp::fft
