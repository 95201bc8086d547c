// Task-graph writers: METIS (symmetrised), directed edge list, coordinates.
#include <algorithm>
#include <cmath>
#include <ostream>
#include <stdexcept>

#include "io/text_util.hpp"
#include "tamp/error.hpp"
#include "tamp/io/graph_file.hpp"

namespace tamp {

namespace {

struct Pair {
  int u = 0;
  int v = 0;
  double bytes = 0;
};

}  // namespace

// METIS has one weight per undirected edge and the parser reads weight w as w bytes each way, so the writer
// stores the mean of the two directions: a symmetric graph reads back exactly. Self messages have no METIS
// form: left out.
void write_metis_graph(std::ostream& out, const TaskGraph& graph) {
  std::vector<Pair> pairs;
  pairs.reserve(2 * graph.targets().size());
  for (int u = 0; u < graph.num_tasks(); ++u)
    for (std::int64_t i = graph.offsets()[u]; i < graph.offsets()[u + 1]; ++i) {
      const int v = graph.targets()[i];
      if (v == u) continue;
      pairs.push_back({u, v, graph.bytes()[i]});
      pairs.push_back({v, u, graph.bytes()[i]});
    }
  std::sort(pairs.begin(), pairs.end(),
            [](const Pair& a, const Pair& b) { return a.u != b.u ? a.u < b.u : a.v < b.v; });
  // Merge the two directions of each pair: at most two terms, so both ends get the same sum.
  std::vector<Pair> merged;
  merged.reserve(pairs.size());
  for (const Pair& p : pairs) {
    if (!merged.empty() && merged.back().u == p.u && merged.back().v == p.v)
      merged.back().bytes += p.bytes;
    else
      merged.push_back(p);
  }
  pairs = std::vector<Pair>();
  std::vector<std::int64_t> weight(merged.size());
  for (std::size_t i = 0; i < merged.size(); ++i) {
    const double mean = merged[i].bytes / 2;
    if (mean > static_cast<double>(impl::kMaxEdgeWeight))
      throw std::invalid_argument("write_metis_graph: an edge of " + std::to_string(mean) +
                                  " bytes is too large for the METIS writer");
    weight[i] = std::max<std::int64_t>(1, std::llround(mean));  // METIS weights are positive integers
  }
  out << graph.num_tasks() << ' ' << merged.size() / 2 << " 001\n";
  std::size_t i = 0;
  for (int u = 0; u < graph.num_tasks(); ++u) {
    bool first = true;
    for (; i < merged.size() && merged[i].u == u; ++i) {
      out << (first ? "" : " ") << merged[i].v + 1 << ' ' << weight[i];
      first = false;
    }
    out << '\n';
  }
}

void write_edge_list(std::ostream& out, const TaskGraph& graph) {
  out << "tasks " << graph.num_tasks() << '\n';
  for (int u = 0; u < graph.num_tasks(); ++u)
    for (std::int64_t i = graph.offsets()[u]; i < graph.offsets()[u + 1]; ++i)
      out << u << ' ' << graph.targets()[i] << ' ' << impl::format_double(graph.bytes()[i]) << '\n';
}

void write_coordinates(std::ostream& out, const TaskGraph& graph) {
  require(graph.has_coordinates(), "write_coordinates: the task graph has no coordinates");
  const int dim = graph.coordinate_dim();
  const std::vector<double>& xyz = graph.coordinates();
  for (int t = 0; t < graph.num_tasks(); ++t) {
    for (int d = 0; d < dim; ++d) out << (d ? " " : "") << impl::format_double(xyz[std::size_t(t) * dim + d]);
    out << '\n';
  }
}

}  // namespace tamp
