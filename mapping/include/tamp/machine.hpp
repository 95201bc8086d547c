// The network a job runs on: nodes, the links between routers, and the route of every message.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tamp/network_parameters.hpp"

namespace tamp {

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

  /// Bandwidths and latencies of the predicted communication time (the machine file's keys; defaults
  /// otherwise).
  const NetworkParameters& network() const { return network_; }
  /// Throws std::invalid_argument on a non-positive bandwidth or a negative latency.
  void set_network(const NetworkParameters& parameters);

 private:
  NetworkParameters network_;
};

}  // namespace tamp
