// Dragonfly: router numbering, the consecutive global-link arrangement and minimal routes.
#include "tamp/dragonfly.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/text.hpp"

namespace tamp {

std::ostream& operator<<(std::ostream& os, const DragonflySpec& spec) {
  os << "groups " << spec.groups << ", group_dims " << extents_text(spec.group_dims) << ", nodes_per_router "
     << spec.nodes_per_router << ", global_links " << spec.global_links;
  if (!spec.link_bandwidth.empty()) {
    os << ", link_bandwidth";
    for (double b : spec.link_bandwidth) os << ' ' << b;
  }
  return os;
}

Dragonfly::Dragonfly(DragonflySpec spec) : spec_(std::move(spec)) {
  const int D = static_cast<int>(spec_.group_dims.size());
  const int g = spec_.groups;
  const int h = spec_.global_links;
  require(D >= 1, "dragonfly: a group needs at least one dimension");
  require(g >= 1, "dragonfly: groups must be >= 1, got " + std::to_string(g));
  require(h >= 0, "dragonfly: global links per router must be >= 0, got " + std::to_string(h));
  require(spec_.nodes_per_router >= 1, "dragonfly: nodes_per_router must be >= 1");
  require(spec_.link_bandwidth.empty() || static_cast<int>(spec_.link_bandwidth.size()) == D + 1,
          "dragonfly: " + std::to_string(spec_.link_bandwidth.size()) + " link bandwidths for " +
              std::to_string(D) + " group dimensions + global (expected " + std::to_string(D + 1) + ")");
  const long long limit = std::numeric_limits<int>::max();
  long long a = 1;
  long long lloc = 0;
  for (int d = 0; d < D; ++d) {
    const int n = spec_.group_dims[d];
    require(n >= 1, "dragonfly: group dimension " + std::to_string(d) + " has size " + std::to_string(n));
    stride_.push_back(static_cast<int>(a));
    dim_offset_.push_back(static_cast<int>(lloc));
    a *= n;
    lloc += n - 1;
    require(a <= limit, "dragonfly: the group is too large");
  }
  dim_offset_.push_back(static_cast<int>(lloc));
  const long long routers = a * g;
  require(routers * (lloc + h) <= limit && routers * spec_.nodes_per_router <= limit,
          "dragonfly: the machine is too large");
  routers_per_group_ = static_cast<int>(a);
  local_links_ = static_cast<int>(lloc);
  if (g > 1) {
    require(a * h >= g - 1, "dragonfly: " + std::to_string(g) + " groups need at least " +
                                std::to_string(g - 1) + " global ports per group, have " +
                                std::to_string(a * h) + " (routers x h)");
    pair_links_ = static_cast<int>(a * h / (g - 1));
  }
  capacity_.assign(D + 1, 1.0);
  if (!spec_.link_bandwidth.empty()) {
    double fastest = 0;
    for (double b : spec_.link_bandwidth) {
      check_range(b, kBandwidthRange, "dragonfly: link bandwidth");
      fastest = std::max(fastest, b);
    }
    for (int c = 0; c <= D; ++c) capacity_[c] = spec_.link_bandwidth[c] / fastest;
  }
}

std::pair<int, int> Dragonfly::global_peer(int router, int port) const {
  const int g = spec_.groups;
  const int h = spec_.global_links;
  const int q = (router % routers_per_group_) * h + port;
  if (g < 2 || q >= pair_links_ * (g - 1)) return {-1, -1};
  const int o = q % (g - 1);
  const int peer_group = (group_of_router(router) + 1 + o) % g;
  const int peer_q = (q / (g - 1)) * (g - 1) + (g - 2 - o);
  return {peer_group * routers_per_group_ + peer_q / h, peer_q % h};
}

int Dragonfly::node_of(int group, const std::vector<int>& local_coords, int index) const {
  require(group >= 0 && group < spec_.groups, "dragonfly: group " + std::to_string(group) + " out of range");
  require(local_coords.size() == spec_.group_dims.size(), "dragonfly: wrong number of router coordinates");
  require(index >= 0 && index < spec_.nodes_per_router, "dragonfly: node index out of range");
  int local = 0;
  for (std::size_t d = 0; d < local_coords.size(); ++d) {
    require(local_coords[d] >= 0 && local_coords[d] < spec_.group_dims[d],
            "dragonfly: router coordinate " + std::to_string(local_coords[d]) + " out of range");
    local += local_coords[d] * stride_[d];
  }
  return (group * routers_per_group_ + local) * spec_.nodes_per_router + index;
}

std::vector<int> Dragonfly::coordinate_extents() const {
  std::vector<int> e{spec_.groups};
  e.insert(e.end(), spec_.group_dims.begin(), spec_.group_dims.end());
  return e;
}

int Dragonfly::node_at(const std::vector<int>& coords, int index) const {
  return node_of(coords.at(0), std::vector<int>(coords.begin() + 1, coords.end()), index);
}

std::string Dragonfly::describe() const {
  return "dragonfly " + std::to_string(spec_.groups) + " groups of " + extents_text(spec_.group_dims) +
         " routers (" + std::to_string(spec_.nodes_per_router) + " nodes/router, " +
         std::to_string(spec_.global_links) + " global links/router)";
}

int Dragonfly::num_links() const {
  const int g = spec_.groups;
  return num_routers() * local_links_ + (g > 1 ? g * pair_links_ * (g - 1) : 0);
}

LinkId Dragonfly::link_id_bound() const {
  return num_routers() * (local_links_ + spec_.global_links);
}

int Dragonfly::link_class(LinkId link) const {
  const int D = static_cast<int>(spec_.group_dims.size());
  if (link >= num_routers() * local_links_) return D;
  const int offset = link % local_links_;
  int d = 0;
  while (dim_offset_[d + 1] <= offset) ++d;
  return d;
}

double Dragonfly::link_capacity(LinkId link) const {
  return capacity_[link_class(link)];
}

// Capacities are relative to the fastest link; without this the simulated links were scaled from the default
// 9.4 GB/s, not from the file's own figures (an Aries rank-1 link came out at 3.1 instead of 5.25 GB/s).
double Dragonfly::fastest_link_bandwidth() const {
  if (spec_.link_bandwidth.empty()) return network().link_bandwidth;
  return *std::max_element(spec_.link_bandwidth.begin(), spec_.link_bandwidth.end());
}

int Dragonfly::local_hops(int local_a, int local_b) const {
  int hops = 0;
  for (int n : spec_.group_dims) {
    hops += (local_a % n) != (local_b % n);
    local_a /= n;
    local_b /= n;
  }
  return hops;
}

void Dragonfly::local_route(int router_a, int router_b, std::vector<LinkId>& out) const {
  int r = router_a;
  for (std::size_t d = 0; d < spec_.group_dims.size(); ++d) {
    const int n = spec_.group_dims[d];
    const int ca = (r % routers_per_group_) / stride_[d] % n;
    const int cb = (router_b % routers_per_group_) / stride_[d] % n;
    if (ca == cb) continue;
    out.push_back(r * local_links_ + dim_offset_[d] + (cb < ca ? cb : cb - 1));
    r += (cb - ca) * stride_[d];
  }
}

void Dragonfly::global_hop(int ga, int gb, int dest_node, int& exit_router, int& port,
                           int& entry_router) const {
  const int g = spec_.groups;
  const int h = spec_.global_links;
  const int o = (gb - ga - 1 + g) % g;
  const int m = dest_node % pair_links_;  // which of the L parallel links: spread by destination
  const int q = m * (g - 1) + o;
  const int peer_q = m * (g - 1) + (g - 2 - o);
  exit_router = ga * routers_per_group_ + q / h;
  port = q % h;
  entry_router = gb * routers_per_group_ + peer_q / h;
}

int Dragonfly::hops(int node_a, int node_b) const {
  const int ra = router_of_node(node_a);
  const int rb = router_of_node(node_b);
  const int ga = group_of_router(ra);
  const int gb = group_of_router(rb);
  const int a = routers_per_group_;
  if (ga == gb) return local_hops(ra % a, rb % a);
  int exit_router = 0, port = 0, entry_router = 0;
  global_hop(ga, gb, node_b, exit_router, port, entry_router);
  return local_hops(ra % a, exit_router % a) + 1 + local_hops(entry_router % a, rb % a);
}

void Dragonfly::route(int node_a, int node_b, std::vector<LinkId>& out) const {
  out.clear();
  const int ra = router_of_node(node_a);
  const int rb = router_of_node(node_b);
  const int ga = group_of_router(ra);
  const int gb = group_of_router(rb);
  if (ga == gb) {
    local_route(ra, rb, out);
    return;
  }
  int exit_router = 0, port = 0, entry_router = 0;
  global_hop(ga, gb, node_b, exit_router, port, entry_router);
  local_route(ra, exit_router, out);
  out.push_back(num_routers() * local_links_ + exit_router * spec_.global_links + port);
  local_route(entry_router, rb, out);
}

int Dragonfly::diameter() const {
  int local = 0;
  for (int n : spec_.group_dims) local += n > 1;
  return spec_.groups > 1 ? 2 * local + 1 : local;
}

std::vector<double> Dragonfly::node_coordinates(int node) const {
  const int r = router_of_node(node);
  std::vector<double> c{static_cast<double>(group_of_router(r))};
  int local = r % routers_per_group_;
  for (int n : spec_.group_dims) {
    c.push_back(local % n);
    local /= n;
  }
  c.push_back(node % spec_.nodes_per_router);
  return c;
}

}  // namespace tamp
