// Owners, ghost messages, partition quality and the quotient graph.
#include "decomposition.hpp"

#include <algorithm>
#include <set>

namespace tamp::mesh {

std::vector<int> chunks_of_element(const Mesh& mesh, const Decomposition& dec, int e) {
  std::vector<int> chunks;
  for (int a = 0; a < mesh.vertices_per_cell(); ++a) {
    const int q = dec.owner[mesh.cell(e)[a]];
    if (std::find(chunks.begin(), chunks.end(), q) == chunks.end()) chunks.push_back(q);
  }
  return chunks;
}

Decomposition decompose(const Mesh& mesh, const ElementGraph& graph, std::vector<int> part, int parts) {
  Decomposition dec;
  dec.parts = parts;
  dec.part = std::move(part);
  const int n = mesh.num_cells(), nodes = mesh.num_nodes(), nv = mesh.vertices_per_cell();

  dec.owner.assign(static_cast<std::size_t>(nodes), -1);
  std::vector<int> count(static_cast<std::size_t>(nodes) + 1, 0);
  for (int e = 0; e < n; ++e) {
    for (int a = 0; a < nv; ++a) {
      const int i = mesh.cell(e)[a];
      int& o = dec.owner[i];
      o = o < 0 ? dec.part[e] : std::min(o, dec.part[e]);
      ++count[i + 1];
    }
  }
  dec.node_offsets.assign(count.size(), 0);
  for (std::size_t i = 1; i < count.size(); ++i) dec.node_offsets[i] = dec.node_offsets[i - 1] + count[i];
  dec.node_elements.resize(static_cast<std::size_t>(dec.node_offsets.back()));
  std::vector<int> fill(dec.node_offsets.begin(), dec.node_offsets.end() - 1);
  for (int e = 0; e < n; ++e)
    for (int a = 0; a < nv; ++a) dec.node_elements[fill[mesh.cell(e)[a]]++] = e;

  // Every chunk computing element e needs each of its nodes; from the owner when that is another chunk.
  for (int e = 0; e < n; ++e) {
    const std::vector<int> chunks = chunks_of_element(mesh, dec, e);
    if (chunks.size() == 1) continue;
    for (int a = 0; a < nv; ++a) {
      const int i = mesh.cell(e)[a];
      for (int q : chunks)
        if (q != dec.owner[i]) dec.halo.push_back({dec.owner[i], q, i});
    }
  }
  std::sort(dec.halo.begin(), dec.halo.end());
  dec.halo.erase(std::unique(dec.halo.begin(), dec.halo.end()), dec.halo.end());

  PartitionQuality& q = dec.quality;
  std::vector<int> elements(static_cast<std::size_t>(parts), 0);
  for (int p : dec.part) ++elements[p];
  q.min_elements = *std::min_element(elements.begin(), elements.end());
  q.max_elements = *std::max_element(elements.begin(), elements.end());
  q.imbalance = q.max_elements / (static_cast<double>(n) / parts);
  for (int e = 0; e < n; ++e)
    for (int k = graph.offsets[e]; k < graph.offsets[e + 1]; ++k)
      if (graph.neighbours[k] > e && dec.part[graph.neighbours[k]] != dec.part[e]) ++q.edge_cut;
  std::vector<std::set<int>> partners(static_cast<std::size_t>(parts));
  for (const auto& h : dec.halo) {
    partners[h[0]].insert(h[1]);
    partners[h[1]].insert(h[0]);
  }
  q.min_neighbours = parts;
  for (const auto& s : partners) {
    const int k = static_cast<int>(s.size());
    q.min_neighbours = std::min(q.min_neighbours, k);
    q.max_neighbours = std::max(q.max_neighbours, k);
    q.mean_neighbours += static_cast<double>(k) / parts;
  }
  q.halo_bytes = kBytesPerNode * static_cast<double>(dec.halo.size());
  return dec;
}

TaskGraph quotient_graph(const Mesh& mesh, const Decomposition& dec) {
  std::vector<Edge> edges;
  edges.reserve(dec.halo.size());
  for (const auto& h : dec.halo) edges.push_back({h[0], h[1], kBytesPerNode});  // merged by from_edges
  TaskGraph graph = TaskGraph::from_edges(dec.parts, std::move(edges));

  const int dim = mesh.dim, nv = mesh.vertices_per_cell();
  std::vector<double> centroid(static_cast<std::size_t>(dec.parts) * dim, 0.0);
  std::vector<double> elements(static_cast<std::size_t>(dec.parts), 0.0);
  for (int e = 0; e < mesh.num_cells(); ++e) {
    const int p = dec.part[e];
    elements[p] += 1;
    for (int a = 0; a < nv; ++a)
      for (int d = 0; d < dim; ++d)
        centroid[static_cast<std::size_t>(p) * dim + d] += mesh.node(mesh.cell(e)[a])[d] / nv;
  }
  for (int p = 0; p < dec.parts; ++p)
    for (int d = 0; d < dim; ++d)
      if (elements[p] > 0) centroid[static_cast<std::size_t>(p) * dim + d] /= elements[p];
  graph.set_coordinates(dim, std::move(centroid));
  return graph;
}

}  // namespace tamp::mesh
