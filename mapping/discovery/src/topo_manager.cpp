// TopoManager: the coordinate table of every rank, built once; hops come from the machine's routing.
#include "tamp/discovery/topo_manager.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "tamp/grid.hpp"

namespace tamp::discovery {
namespace {

std::vector<int> node_coords(const Machine& machine, int node) {
  std::vector<int> c;
  for (double x : machine.node_coordinates(node)) c.push_back(static_cast<int>(std::lround(x)));
  return c;
}

}  // namespace

TopoManager::TopoManager(JobLayout layout) : layout_(std::move(layout)) {
  const Machine& machine = *layout_.machine.machine;
  const int cores = std::max(layout_.machine.cores_per_node, layout_.job.max_cores_per_node());
  if (const Grid* torus = machine.grid()) {
    dims_ = torus->dims();
    torus_.assign(torus->wrap().begin(), torus->wrap().end());
    dims_.push_back(torus->nodes_per_router());
    torus_.push_back(false);
  } else {
    // Other machines: the extent of each node coordinate over the whole machine.
    for (int node = 0; node < machine.num_nodes(); ++node) {
      const std::vector<int> c = node_coords(machine, node);
      if (dims_.size() < c.size()) dims_.resize(c.size(), 0);
      for (std::size_t d = 0; d < c.size(); ++d) dims_[d] = std::max(dims_[d], c[d] + 1);
    }
    torus_.assign(dims_.size(), false);
  }
  dims_.push_back(cores);
  torus_.push_back(false);

  for (int rank = 0; rank < num_ranks(); ++rank) {
    const int slot = layout_.slot_of_rank[rank];
    std::vector<int> c = node_coords(machine, layout_.job.machine_node_of_slot(slot));
    c.push_back(layout_.job.core_of_slot(slot));
    rank_at_coords_.emplace(c, rank);
    coords_.push_back(std::move(c));
  }
}

int TopoManager::node_of(int rank) const {
  if (rank < 0 || rank >= num_ranks())
    throw std::invalid_argument(fmt::format("rank {} is not in the job ({} ranks)", rank, num_ranks()));
  return layout_.job.machine_node_of_slot(layout_.slot_of_rank[rank]);
}

std::vector<int> TopoManager::rank_to_coordinates(int rank) const {
  node_of(rank);  // checks the rank
  return coords_[rank];
}

int TopoManager::coordinates_to_rank(const std::vector<int>& coords) const {
  const auto it = rank_at_coords_.find(coords);
  return it == rank_at_coords_.end() ? -1 : it->second;
}

int TopoManager::get_hops_between_ranks(int rank_a, int rank_b) const {
  return layout_.machine.machine->hops(node_of(rank_a), node_of(rank_b));
}

int TopoManager::pick_closest_rank(int rank, const std::vector<int>& candidates) const {
  int best = -1;
  int best_hops = 0;
  for (int c : candidates) {
    const int hops = get_hops_between_ranks(rank, c);
    if (best < 0 || hops < best_hops) {
      best = c;
      best_hops = hops;
    }
  }
  return best;
}

std::vector<int> TopoManager::sort_ranks_by_hops(int rank, std::vector<int> ranks) const {
  std::vector<std::pair<int, int>> keyed;  // (hops, rank)
  for (int r : ranks) keyed.emplace_back(get_hops_between_ranks(rank, r), r);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < keyed.size(); ++i) ranks[i] = keyed[i].second;
  return ranks;
}

}  // namespace tamp::discovery
