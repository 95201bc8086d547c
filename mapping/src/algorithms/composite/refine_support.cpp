#include "algorithms/composite/refine_support.hpp"

#include <algorithm>

#include "tamp/grid.hpp"

namespace tamp::impl {

NodeDistance::NodeDistance(const Allocation& allocation)
    : machine_(&allocation.machine()),
      by_level_(!allocation.machine().level_distances().empty()),
      nodes_(allocation.nodes()) {
  const Grid* torus = machine_->grid();
  if (torus == nullptr) return;
  const int D = torus->num_dims();
  dims_ = torus->dims();
  wrap_ = torus->wrap();
  coords_.reserve(nodes_.size() * D);
  for (int node : nodes_) {
    const std::vector<int> c = torus->router_coords(torus->router_of_node(node));
    coords_.insert(coords_.end(), c.begin(), c.end());
  }
  allocated_index_.assign(machine_->num_nodes(), -1);
  for (std::size_t i = 0; i < nodes_.size(); ++i) allocated_index_[nodes_[i]] = static_cast<int>(i);
}

// A ring of 2 reaches the same router both ways: callers remove repeats.
void NodeDistance::near_nodes(int a, std::vector<int>& out) const {
  if (dims_.empty()) return;
  const Grid& torus = *machine_->grid();
  const int D = static_cast<int>(dims_.size());
  const int npr = torus.nodes_per_router();
  auto add_router = [&](const std::vector<int>& c) {
    const int router = torus.router_index(c);
    for (int i = 0; i < npr; ++i) {
      const int index = allocated_index_[torus.node_of(router, i)];
      if (index >= 0 && index != a) out.push_back(index);
    }
  };
  std::vector<int> c(coords_.begin() + static_cast<std::ptrdiff_t>(a) * D,
                     coords_.begin() + static_cast<std::ptrdiff_t>(a + 1) * D);
  add_router(c);
  for (int d = 0; d < D; ++d) {
    if (dims_[d] == 1) continue;
    const int original = c[d];
    for (int step : {-1, 1}) {
      int x = original + step;
      if (x < 0 || x >= dims_[d]) {
        if (!wrap_[d]) continue;
        x = (x + dims_[d]) % dims_[d];
      }
      c[d] = x;
      add_router(c);
    }
    c[d] = original;
  }
}

LinkLoads::LinkLoads(const Allocation& allocation)
    : machine_(allocation.machine()), nodes_(allocation.nodes()) {
  const LinkId links = machine_.link_id_bound();
  load_.assign(links, 0.0);
  inverse_capacity_.resize(links);
  for (LinkId l = 0; l < links; ++l) inverse_capacity_[l] = 1.0 / machine_.link_capacity(l);
  while (leaves_ < static_cast<std::size_t>(links)) leaves_ *= 2;
  tree_.assign(2 * leaves_, 0.0);
  count_.assign(2 * leaves_, 1);
  for (std::size_t i = leaves_ - 1; i >= 1; --i) count_[i] = count_[2 * i] + count_[2 * i + 1];
}

void LinkLoads::set(LinkId link) {
  std::size_t i = leaves_ + link;
  tree_[i] = load_[link] * inverse_capacity_[link];
  for (i /= 2; i >= 1; i /= 2) {
    const double l = tree_[2 * i], r = tree_[2 * i + 1];
    tree_[i] = std::max(l, r);
    count_[i] = (l == tree_[i] ? count_[2 * i] : 0) + (r == tree_[i] ? count_[2 * i + 1] : 0);
  }
}

int LinkLoads::add(int a, int b, double bytes) {
  if (a == b) return 0;
  machine_.route(nodes_[a], nodes_[b], route_);
  for (LinkId l : route_) {
    load_[l] += bytes;
    set(l);
  }
  return static_cast<int>(route_.size());
}

int LinkLoads::add_unindexed(int a, int b, double bytes) {
  if (a == b) return 0;
  machine_.route(nodes_[a], nodes_[b], route_);
  for (LinkId l : route_) load_[l] += bytes;
  return static_cast<int>(route_.size());
}

void LinkLoads::index() {
  for (std::size_t link = 0; link < load_.size(); ++link)
    tree_[leaves_ + link] = load_[link] * inverse_capacity_[link];
  for (std::size_t i = leaves_ - 1; i >= 1; --i) {
    const double l = tree_[2 * i], r = tree_[2 * i + 1];
    tree_[i] = std::max(l, r);
    count_[i] = (l == tree_[i] ? count_[2 * i] : 0) + (r == tree_[i] ? count_[2 * i + 1] : 0);
  }
}

bool LinkLoads::crosses(int a, int b, double threshold) {
  if (a == b) return false;
  machine_.route(nodes_[a], nodes_[b], route_);
  return std::any_of(route_.begin(), route_.end(),
                     [&](LinkId l) { return load_[l] * inverse_capacity_[l] >= threshold; });
}

}  // namespace tamp::impl
