// Building a chunk from the global mesh and its decomposition.
#include "chunk.hpp"

#include <algorithm>
#include <unordered_map>

#include "heat.hpp"

namespace tamp::mesh {

Chunk make_chunk(const Mesh& mesh, const Decomposition& dec, int part, double dt) {
  Chunk c;
  c.nv = mesh.vertices_per_cell();
  const int nv = c.nv;
  c.nodes.assign(dec.owned_nodes.begin() + dec.owned_offsets[part],
                 dec.owned_nodes.begin() + dec.owned_offsets[part + 1]);
  c.owned = static_cast<int>(c.nodes.size());

  // Local elements: every element touching an owned node; interior ones have owned nodes only.
  std::vector<int> touching;
  for (int k = 0; k < c.owned; ++k) {
    const int i = c.nodes[k];
    touching.insert(touching.end(), dec.node_elements.begin() + dec.node_offsets[i],
                    dec.node_elements.begin() + dec.node_offsets[i + 1]);
  }
  std::sort(touching.begin(), touching.end());
  touching.erase(std::unique(touching.begin(), touching.end()), touching.end());
  std::vector<int> boundary, ghosts;
  for (int e : touching) {
    bool inside = true;
    for (int a = 0; a < nv; ++a) {
      const int i = mesh.cell(e)[a];
      if (dec.owner[i] != part) inside = false, ghosts.push_back(i);
    }
    (inside ? c.elements : boundary).push_back(e);
  }
  c.interior = static_cast<int>(c.elements.size());
  c.elements.insert(c.elements.end(), boundary.begin(), boundary.end());
  std::sort(ghosts.begin(), ghosts.end());
  ghosts.erase(std::unique(ghosts.begin(), ghosts.end()), ghosts.end());
  c.nodes.insert(c.nodes.end(), ghosts.begin(), ghosts.end());

  std::unordered_map<int, int> local_node, local_element;
  for (std::size_t k = 0; k < c.nodes.size(); ++k) local_node[c.nodes[k]] = static_cast<int>(k);
  for (std::size_t k = 0; k < c.elements.size(); ++k) local_element[c.elements[k]] = static_cast<int>(k);

  c.conn.resize(c.elements.size() * nv);
  c.stiffness.resize(c.elements.size() * nv * nv);
  std::vector<double> measure(c.elements.size());
  for (std::size_t k = 0; k < c.elements.size(); ++k) {
    const int e = c.elements[k];
    for (int a = 0; a < nv; ++a) c.conn[k * nv + a] = local_node.at(mesh.cell(e)[a]);
    measure[k] = element_stiffness(mesh, e, c.stiffness.data() + k * nv * nv);
  }

  // Gather lists and lumped masses, summed in increasing global element order.
  for (int k = 0; k < c.owned; ++k) {
    const int i = c.nodes[k];
    double m = 0;
    for (int s = dec.node_offsets[i]; s < dec.node_offsets[i + 1]; ++s) {
      const int e = dec.node_elements[s];
      const int le = local_element.at(e);
      int a = 0;
      while (mesh.cell(e)[a] != i) ++a;
      c.gather_entries.push_back(le * nv + a);
      m += measure[le] / nv;
    }
    c.gather_offsets.push_back(static_cast<int>(c.gather_entries.size()));
    c.mass.push_back(m);
    c.step_over_mass.push_back(dt / m);
  }

  // The halo is sorted by (owner, needing chunk, node): links come out grouped and in node order.
  const auto add = [&](std::vector<Chunk::Link>& links, int other, int node) {
    if (links.empty() || links.back().chunk != other) links.push_back({other, {}});
    links.back().nodes.push_back(local_node.at(node));
  };
  for (int k = dec.send_offsets[part]; k < dec.send_offsets[part + 1]; ++k) {
    const auto& h = dec.halo[dec.send_entries[k]];
    add(c.sends, h[1], h[2]);
  }
  for (int k = dec.receive_offsets[part]; k < dec.receive_offsets[part + 1]; ++k) {
    const auto& h = dec.halo[dec.receive_entries[k]];
    add(c.receives, h[0], h[2]);
  }
  for (auto* links : {&c.sends, &c.receives})
    std::sort(links->begin(), links->end(),
              [](const Chunk::Link& x, const Chunk::Link& y) { return x.chunk < y.chunk; });
  return c;
}

}  // namespace tamp::mesh
