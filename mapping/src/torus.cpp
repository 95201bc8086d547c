// N-dimensional torus / mesh: coordinates, distances, dimension-ordered routes and link ids.
#include "tamp/torus.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/text.hpp"

namespace tamp {
namespace {

constexpr long long kMaxListedCoordinates = 1LL << 25;  // 128 MiB of coordinates at most

}  // namespace

std::ostream& operator<<(std::ostream& os, const TorusSpec& spec) {
  os << "dims " << extents_text(spec.dims) << ", wrap";
  for (std::size_t d = 0; d < spec.dims.size(); ++d) os << ' ' << (spec.wrap.empty() || spec.wrap[d] ? 1 : 0);
  os << ", nodes_per_router " << spec.nodes_per_router;
  if (!spec.link_bandwidth.empty()) {
    os << ", link_bandwidth";
    for (double b : spec.link_bandwidth) os << ' ' << b;
  }
  return os;
}

Torus::Torus(TorusSpec spec) : spec_(std::move(spec)) {
  const int D = static_cast<int>(spec_.dims.size());  // grid_ is built last, from the checked spec
  require(D >= 1, "torus: needs at least one dimension");
  if (spec_.wrap.empty()) spec_.wrap.assign(D, true);
  require(
      static_cast<int>(spec_.wrap.size()) == D,
      "torus: " + std::to_string(spec_.wrap.size()) + " wrap flags for " + std::to_string(D) + " dimensions");
  require(spec_.nodes_per_router >= 1,
          "torus: nodes_per_router must be >= 1, got " + std::to_string(spec_.nodes_per_router));
  require(spec_.link_bandwidth.empty() || static_cast<int>(spec_.link_bandwidth.size()) == D,
          "torus: " + std::to_string(spec_.link_bandwidth.size()) + " link bandwidths for " +
              std::to_string(D) + " dimensions");
  // Link ids go up to routers * 2D and node ids to routers * nodes_per_router: both must fit an int.
  const long long limit = std::numeric_limits<int>::max();
  long long routers = 1;
  for (int d = 0; d < D; ++d) {
    require(spec_.dims[d] >= 1, "torus: dimension " + std::to_string(d) + " has size " +
                                    std::to_string(spec_.dims[d]) + " (must be >= 1)");
    routers *= spec_.dims[d];
    require(routers * std::max(2LL * D, static_cast<long long>(spec_.nodes_per_router)) <= limit,
            "torus: " + extents_text(spec_.dims) + " is too large");
  }
  grid_ = Grid(spec_.dims, spec_.wrap, spec_.nodes_per_router);
  // hops() is the inner loop of every score: a table of coordinates spares it two divisions per dimension.
  if (routers * D <= kMaxListedCoordinates) {
    coords_.resize(static_cast<std::size_t>(routers * D));
    for (int r = 0; r < routers; ++r) {
      int rest = r;
      for (int d = 0; d < D; ++d) {
        coords_[static_cast<std::size_t>(r) * D + d] = rest % spec_.dims[d];
        rest /= spec_.dims[d];
      }
    }
  }

  capacity_.assign(D, 1.0);
  if (!spec_.link_bandwidth.empty()) {
    double fastest = 0;
    for (double b : spec_.link_bandwidth) {
      check_range(b, kBandwidthRange, "torus: link bandwidth");
      fastest = std::max(fastest, b);
    }
    for (int d = 0; d < D; ++d) capacity_[d] = spec_.link_bandwidth[d] / fastest;
  }
}

int Torus::node_at(const std::vector<int>& coords, int index) const {
  return node_of(router_index(coords), index);
}

double Torus::fastest_link_bandwidth() const {
  if (spec_.link_bandwidth.empty()) return network().link_bandwidth;
  return *std::max_element(spec_.link_bandwidth.begin(), spec_.link_bandwidth.end());
}

std::string Torus::kind() const {
  return std::any_of(spec_.wrap.begin(), spec_.wrap.end(), [](bool w) { return w; }) ? "torus" : "mesh";
}

std::string Torus::describe() const {
  std::string s = kind() + " " + extents_text(spec_.dims);
  std::vector<std::string> notes;
  const bool mixed =
      kind() == "torus" && std::any_of(spec_.wrap.begin(), spec_.wrap.end(), [](bool w) { return !w; });
  if (mixed) {
    std::string w = "wrap";
    for (bool b : spec_.wrap) w += b ? " 1" : " 0";
    notes.push_back(w);
  }
  if (spec_.nodes_per_router > 1) notes.push_back(std::to_string(spec_.nodes_per_router) + " nodes/router");
  if (!notes.empty()) {
    s += " (";
    for (std::size_t i = 0; i < notes.size(); ++i) s += (i ? ", " : "") + notes[i];
    s += ")";
  }
  return s;
}

int Torus::num_links() const {
  long long links = 0;
  for (int d = 0; d < num_dims(); ++d) {
    const long long n = spec_.dims[d];
    const long long lines = grid_.num_routers() / n;
    if (n == 1) continue;
    // A ring of n routers has n links each way; a line has n - 1. With n == 2 both directions of the ring
    // exist.
    links += 2 * lines * (spec_.wrap[d] ? n : n - 1);
  }
  return static_cast<int>(links);
}

LinkId Torus::link_id_bound() const {
  return grid_.num_routers() * 2 * num_dims();
}

int Torus::hops(int node_a, int node_b) const {
  int ra = router_of_node(node_a);
  int rb = router_of_node(node_b);
  int h = 0;
  if (!coords_.empty()) {
    const int D = num_dims();
    const int* a = &coords_[static_cast<std::size_t>(ra) * D];
    const int* b = &coords_[static_cast<std::size_t>(rb) * D];
    for (int d = 0; d < D; ++d) h += distance_1d(d, a[d], b[d]);
    return h;
  }
  for (int d = 0; d < num_dims(); ++d) {
    h += distance_1d(d, ra % spec_.dims[d], rb % spec_.dims[d]);
    ra /= spec_.dims[d];
    rb /= spec_.dims[d];
  }
  return h;
}

void Torus::route(int node_a, int node_b, std::vector<LinkId>& out) const {
  out.clear();
  const int D = num_dims();
  int r = router_of_node(node_a);
  const int target = router_of_node(node_b);
  for (int d = 0; d < D; ++d) {
    const int n = spec_.dims[d];
    const int c0 = (r / grid_.stride(d)) % n;
    const int c1 = (target / grid_.stride(d)) % n;
    if (c0 == c1) continue;
    int steps = 0;
    bool plus = true;
    if (spec_.wrap[d]) {
      const int forward = (c1 - c0 + n) % n;  // hops going +
      plus = forward <= n - forward;          // shorter way; a tie goes +
      steps = plus ? forward : n - forward;
    } else {
      plus = c1 > c0;
      steps = plus ? c1 - c0 : c0 - c1;
    }
    int c = c0;
    for (int s = 0; s < steps; ++s) {
      out.push_back(r * 2 * D + 2 * d + (plus ? 0 : 1));
      // Step to the next router along d, wrapping around the ring.
      if (plus) {
        r += c == n - 1 ? -(n - 1) * grid_.stride(d) : grid_.stride(d);
        c = c == n - 1 ? 0 : c + 1;
      } else {
        r += c == 0 ? (n - 1) * grid_.stride(d) : -grid_.stride(d);
        c = c == 0 ? n - 1 : c - 1;
      }
    }
  }
}

double Torus::link_capacity(LinkId link) const {
  return capacity_[link_class(link)];
}

int Torus::link_class(LinkId link) const {
  return (link % (2 * num_dims())) / 2;
}

int Torus::diameter() const {
  int dia = 0;
  for (int d = 0; d < num_dims(); ++d) dia += spec_.wrap[d] ? spec_.dims[d] / 2 : spec_.dims[d] - 1;
  return dia;
}

std::vector<double> Torus::node_coordinates(int node) const {
  const std::vector<int> rc = router_coords(router_of_node(node));
  std::vector<double> c(rc.begin(), rc.end());
  c.push_back(node % spec_.nodes_per_router);
  return c;
}

}  // namespace tamp
