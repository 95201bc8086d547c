// One rank's chunk in local numbering: owned nodes then ghost nodes, interior elements then boundary ones,
// element matrices, the gather lists of the owned nodes and the ghost messages.
#pragma once
#include <vector>

#include "decomposition.hpp"
#include "mesh.hpp"

namespace tamp::mesh {

struct Chunk {
  int nv = 3;                          // nodes per element
  int owned = 0;                       // local nodes [0, owned) are owned, [owned, nodes.size()) ghosts
  std::vector<int> nodes;              // global index of each local node (each range in increasing order)
  int interior = 0;                    // local elements [0, interior) have owned nodes only
  std::vector<int> elements;           // global index of each local element
  std::vector<int> conn;               // nv local nodes per element
  std::vector<double> stiffness;       // nv x nv per element
  std::vector<int> gather_offsets{0};  // per owned node: its entries of the contribution array (e * nv + a),
  std::vector<int> gather_entries;     // in increasing global element order (as a serial run sums them)
  std::vector<double> mass;            // lumped mass of each owned node
  std::vector<double> step_over_mass;  // dt / mass
  struct Link {
    int chunk = 0;
    std::vector<int> nodes;  // local nodes, in increasing global index: the message's layout on both sides
  };
  std::vector<Link> sends;     // owned nodes other chunks need
  std::vector<Link> receives;  // ghost nodes, by owner

  int num_elements() const { return static_cast<int>(elements.size()); }
};

/// The chunk of `part` (a serial run: a one-part decomposition, part 0). No communication.
Chunk make_chunk(const Mesh& mesh, const Decomposition& dec, int part, double dt);

}  // namespace tamp::mesh
