// The chunks of a partitioned mesh (ParFUM's model): each rank owns the elements of its part; a node shared
// by several parts is owned by the lowest of them; a chunk updates its owned nodes, for which it also
// computes the ghost elements (elements of other parts touching an owned node) and receives every step the
// ghost nodes (nodes of its elements owned by another chunk).
#pragma once
#include <array>
#include <vector>

#include "mesh.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::mesh {

constexpr double kBytesPerNode = sizeof(double);  // one temperature per ghost node per step

struct PartitionQuality {
  int min_elements = 0;
  int max_elements = 0;
  double imbalance = 1;    // max elements / mean elements
  long long edge_cut = 0;  // faces between elements of different parts
  int min_neighbours = 0;  // chunks a chunk exchanges with (sent to or received from)
  double mean_neighbours = 0;
  int max_neighbours = 0;
  double halo_bytes = 0;  // all ghost messages of one step
};

struct Decomposition {
  int parts = 1;
  std::vector<int> part;             // per element
  std::vector<int> owner;            // per node; -1 for a node of no element
  std::vector<int> node_offsets{0};  // node -> elements touching it, in increasing element order
  std::vector<int> node_elements;
  std::vector<std::array<int, 3>> halo;  // (owner, needing chunk, node), sorted, each once
  // Per chunk, in increasing order (make_chunk reads its own without scanning the whole mesh: P chunks of a
  // simulated job each scanning every node and halo entry took 15 s at 4,096 ranks): the nodes it owns and the
  // indices of the halo entries it sends and receives.
  std::vector<int> owned_offsets, owned_nodes, send_offsets, send_entries, receive_offsets, receive_entries;
  // Per chunk, what make_chunk gives it (the step's work, for the predicted communication time): the elements
  // it computes (those touching a node it owns), the interior ones among them (all nodes its own), its nodes.
  std::vector<int> computed, interior, owned;
  PartitionQuality quality;
};

/// Node owners, the node -> element lists and the ghost messages of a partition. No communication.
Decomposition decompose(const Mesh& mesh, const ElementGraph& graph, std::vector<int> part, int parts);

/// The chunks that must compute element e: the owners of its nodes, without repeats.
std::vector<int> chunks_of_element(const Mesh& mesh, const Decomposition& dec, int e);

/// The quotient graph of one step's ghost messages (owner -> needing chunk, kBytesPerNode per ghost node)
/// with the centroid of each part's elements as task coordinates.
TaskGraph quotient_graph(const Mesh& mesh, const Decomposition& dec);

}  // namespace tamp::mesh
