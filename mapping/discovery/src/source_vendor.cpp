// cray and bgq: every rank probed its node's torus coordinates (rca_get_meshcoord, MPIX_Rank2torus; see
// probe_cray.cpp, probe_bgq.cpp) and the machine's shape. Here the coordinates become a Torus allocation.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "sources.hpp"
#include "tamp/torus.hpp"

namespace tamp::discovery::impl {

JobLayout vendor_source(const SourceInput& in) {
  const VendorShape& shape = *in.shape;
  const std::string& name = shape.source;
  auto torus = std::make_shared<Torus>(TorusSpec{shape.dims, shape.wrap, shape.nodes_per_router, {}});

  // Ranks of each router, grouped by node id (distinct nids share a router two ways on Gemini).
  std::map<int, std::set<int>> nids_of_router;
  std::vector<int> router(in.ranks.size());
  for (int r = 0; r < static_cast<int>(in.ranks.size()); ++r) {
    const auto& c = in.ranks[r].coords;
    bool inside = c.size() == shape.dims.size();
    for (std::size_t d = 0; inside && d < c.size(); ++d) inside = c[d] >= 0 && c[d] < shape.dims[d];
    if (!inside)
      throw std::invalid_argument(
          fmt::format("{}: rank {} reports coordinates outside the {} machine", name, r, torus->describe()));
    router[r] = torus->router_index(c);
    nids_of_router[router[r]].insert(in.ranks[r].nid);
  }
  // Node of each rank: its router, and its nid's position among the router's nids.
  std::map<int, std::vector<int>> ranks_of_node;  // node id -> ranks in rank order
  for (int r = 0; r < static_cast<int>(in.ranks.size()); ++r) {
    const auto& nids = nids_of_router[router[r]];
    const int index = static_cast<int>(std::distance(nids.begin(), nids.find(in.ranks[r].nid)));
    if (index >= shape.nodes_per_router) {
      throw std::invalid_argument(fmt::format("{}: more than {} nodes report the coordinates of router {}",
                                              name, shape.nodes_per_router, router[r]));
    }
    ranks_of_node[torus->node_of(router[r], index)].push_back(r);
  }
  int cores = shape.cores_per_node;
  for (const auto& [node, ranks] : ranks_of_node) cores = std::max(cores, static_cast<int>(ranks.size()));

  MachineDescription machine;
  machine.name = name;
  machine.machine = torus;
  machine.cores_per_node = cores;
  std::vector<int> nodes;
  std::vector<int> slot(in.ranks.size());
  for (const auto& [node, ranks] : ranks_of_node) {
    for (int k = 0; k < static_cast<int>(ranks.size()); ++k)
      slot[ranks[k]] = static_cast<int>(nodes.size()) * cores + k;
    nodes.push_back(node);
    machine.hostnames.push_back(in.ranks[ranks.front()].host);
  }
  machine.allocation = Allocation(torus, std::move(nodes), cores);
  return place_on_slots(std::move(machine), in.source, slot);
}

}  // namespace tamp::discovery::impl
