// Slots of a job on a torus, addressed by router coordinates.
#include "torus_grid.hpp"

#include <stdexcept>

namespace tamp::netbench {

TorusGrid::TorusGrid(const Allocation& job, const std::string& what)
    : job_(job), torus_(job.machine().grid()) {
  if (!torus_) {
    throw std::invalid_argument(what + " needs a torus or mesh machine, the job runs on a " +
                                job.machine().kind());
  }
  for (int s = 0; s < job.num_slots(); ++s) slot_of_[{job.machine_node_of_slot(s), job.core_of_slot(s)}] = s;
}

std::vector<int> TorusGrid::coords(int slot) const {
  return torus_->router_coords(torus_->router_of_node(job_.machine_node_of_slot(slot)));
}

int TorusGrid::shifted(int slot, const std::vector<int>& offset) const {
  const int node = job_.machine_node_of_slot(slot);
  std::vector<int> c = torus_->router_coords(torus_->router_of_node(node));
  for (int d = 0; d < num_dims(); ++d) {
    const int L = torus_->dim(d);
    c[d] += offset[d];
    if (torus_->wraps(d)) {
      c[d] = ((c[d] % L) + L) % L;
    } else if (c[d] < 0 || c[d] >= L) {
      return -1;
    }
  }
  const int target = torus_->node_of(torus_->router_index(c), node % torus_->nodes_per_router());
  const auto it = slot_of_.find({target, job_.core_of_slot(slot)});
  return it == slot_of_.end() ? -1 : it->second;
}

}  // namespace tamp::netbench
