// Owners, ghost messages, partition quality and the quotient graph.
#include "decomposition.hpp"

#include <algorithm>
#include <set>

#include "tamp/generators.hpp"

namespace tamp::mesh {

namespace {

// Compressed lists: members[offsets[g] .. offsets[g + 1]) are the indices i with group_of(i) == g, increasing;
// a negative group leaves i out.
template <class GroupOf>
void group_indices(int count, int groups, GroupOf group_of, std::vector<int>& offsets, std::vector<int>& members) {
  offsets.assign(static_cast<std::size_t>(groups) + 1, 0);
  for (int i = 0; i < count; ++i)
    if (group_of(i) >= 0) ++offsets[group_of(i) + 1];
  for (int g = 0; g < groups; ++g) offsets[g + 1] += offsets[g];
  members.resize(static_cast<std::size_t>(offsets.back()));
  std::vector<int> fill(offsets.begin(), offsets.end() - 1);
  for (int i = 0; i < count; ++i)
    if (group_of(i) >= 0) members[fill[group_of(i)]++] = i;
}

}  // namespace

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

  // Owners and ghost messages: the mapping library's rule (mesh_ghost_messages), the one `mesh:` uses.
  dec.halo = mesh_ghost_messages(mesh.dim, nodes, mesh.cells, dec.part, dec.owner);
  const int entries = static_cast<int>(dec.halo.size());
  group_indices(nodes, parts, [&](int i) { return dec.owner[i]; }, dec.owned_offsets, dec.owned_nodes);
  group_indices(entries, parts, [&](int h) { return dec.halo[h][0]; }, dec.send_offsets, dec.send_entries);
  group_indices(entries, parts, [&](int h) { return dec.halo[h][1]; }, dec.receive_offsets, dec.receive_entries);
  std::vector<int> count(static_cast<std::size_t>(nodes) + 1, 0);
  for (int e = 0; e < n; ++e)
    for (int a = 0; a < nv; ++a) ++count[mesh.cell(e)[a] + 1];
  dec.node_offsets.assign(count.size(), 0);
  for (std::size_t i = 1; i < count.size(); ++i) dec.node_offsets[i] = dec.node_offsets[i - 1] + count[i];
  dec.node_elements.resize(static_cast<std::size_t>(dec.node_offsets.back()));
  std::vector<int> fill(dec.node_offsets.begin(), dec.node_offsets.end() - 1);
  for (int e = 0; e < n; ++e)
    for (int a = 0; a < nv; ++a) dec.node_elements[fill[mesh.cell(e)[a]]++] = e;

  // Every owner of an element's nodes computes it; an element with one owner is interior to that chunk.
  dec.computed.assign(static_cast<std::size_t>(parts), 0);
  dec.interior.assign(dec.computed.size(), 0);
  dec.owned.assign(dec.computed.size(), 0);
  for (int i = 0; i < nodes; ++i)
    if (dec.owner[i] >= 0) ++dec.owned[dec.owner[i]];
  for (int e = 0; e < n; ++e) {
    const std::vector<int> chunks = chunks_of_element(mesh, dec, e);
    for (int c : chunks) ++dec.computed[c];
    if (chunks.size() == 1) ++dec.interior[chunks[0]];
  }

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
  return mesh_quotient_graph(mesh.dim, mesh.coords, mesh.cells, dec.part, dec.parts);
}

}  // namespace tamp::mesh
