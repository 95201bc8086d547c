// The network a job runs on: nodes, the links between routers, and the route of every message.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tamp/network_parameters.hpp"

namespace tamp {

class Grid;

/// Index of a directed link; in [0, Machine::link_id_bound()).
using LinkId = std::int32_t;

/// Abstract network. Node ids are dense in [0, num_nodes()). Routes are deterministic, so hops() equals the
/// number of links route() visits. Several nodes may share a router; they are 0 hops apart.
class Machine {
 public:
  virtual ~Machine() = default;

  /// "torus", "mesh", "fattree", "dragonfly".
  virtual std::string kind() const = 0;
  /// One line for reports, e.g. "torus 17x8x24, 2 nodes/router".
  virtual std::string describe() const = 0;

  virtual int num_nodes() const = 0;
  /// Number of links that exist (the denominator of mean link load).
  virtual int num_links() const = 0;
  /// Upper bound of LinkId values (size of an array indexed by LinkId); >= num_links().
  virtual LinkId link_id_bound() const = 0;

  /// Links traversed from node a to node b.
  virtual int hops(int node_a, int node_b) const = 0;
  /// Replaces `out` with the links of the route a -> b, in order; out.size() == hops(a, b).
  virtual void route(int node_a, int node_b, std::vector<LinkId>& out) const = 0;
  /// Capacity of a link relative to the fastest link of the machine (which has 1).
  virtual double link_capacity(LinkId link) const = 0;
  /// The dimension (or level) a link belongs to, in [0, num_link_classes()), for per-dimension traffic.
  virtual int link_class(LinkId link) const = 0;
  virtual int num_link_classes() const = 0;
  /// Largest hops() over all node pairs.
  virtual int diameter() const = 0;

  /// Coordinates of a node for geometric algorithms (router coordinates, then the node's index on its router).
  virtual std::vector<double> node_coordinates(int node) const = 0;

  /// Nodes on each router (or leaf switch); 0 when it varies (a switch tree). Default: 1.
  virtual int nodes_per_router() const { return 1; }
  /// The router (or switch) a node hangs from. Default: every node its own router.
  virtual int router_of_node(int node) const { return node; }
  /// Extents of the integer coordinates that name a router in a machine file's node line (then comes the
  /// index on the router, in [0, nodes_per_router())); empty when routers are named otherwise (a switch
  /// tree's switch names). Throws std::invalid_argument when machine files cannot describe the machine.
  virtual std::vector<int> coordinate_extents() const;
  /// The node at router coordinates (as coordinate_extents()) and index on the router. Throws
  /// std::invalid_argument when the machine has no such coordinates.
  virtual int node_at(const std::vector<int>& coords, int index) const;
  /// The grid capability of tori and meshes (tamp/grid.hpp), for fast paths; nullptr for other machines.
  virtual const Grid* grid() const { return nullptr; }
  /// Bytes/s of a link of capacity 1 (see fastest_link_bandwidth in tamp/network_parameters.hpp): the model's
  /// own link bandwidths when it has them (a torus's link_bandwidth), else network().link_bandwidth.
  virtual double fastest_link_bandwidth() const { return network_.link_bandwidth; }

  /// How many values `level_distances` takes: the levels two nodes can be apart (one node, then each switch
  /// level of a fat tree); 0 when the machine takes none (a torus, a dragonfly).
  virtual int num_distance_levels() const { return 0; }
  /// In [0, num_distance_levels()): 0 for one node, else 1 + the level of the lowest switch the route
  /// crosses (1: the leaf switch). Machines without distance levels: 0 for one node, 1 otherwise.
  virtual int level_apart(int node_a, int node_b) const { return node_a == node_b ? 0 : 1; }
  /// The cost per byte of each level apart (machine file key `level_distances`, as KaHIP's
  /// --distance_parameter_string and Scotch's tleaf costs); empty when not declared.
  const std::vector<double>& level_distances() const { return level_distances_; }
  /// Throws std::invalid_argument unless there are num_distance_levels() values, positive and non-decreasing.
  void set_level_distances(std::vector<double> distances);
  /// What placing two tasks on nodes a and b costs per byte: with declared distances, the distance of their
  /// level less the on-node one (so that the sum differs from the level cost by a constant); else hops().
  double placement_distance(int node_a, int node_b) const {
    if (level_distances_.empty()) return hops(node_a, node_b);
    return level_distances_[level_apart(node_a, node_b)] - level_distances_[0];
  }

  /// Bandwidths and latencies of the predicted communication time (the machine file's keys; defaults
  /// otherwise).
  const NetworkParameters& network() const { return network_; }
  /// Throws std::invalid_argument on a non-positive bandwidth or a negative latency.
  void set_network(const NetworkParameters& parameters);

 private:
  NetworkParameters network_;
  std::vector<double> level_distances_;
};

}  // namespace tamp
