// The job's slots on a torus or mesh: each slot as (router coordinates, node on router, core), and the slot
// of the same core on another router. What the pairings along one dimension need.
#pragma once
#include <map>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/grid.hpp"

namespace tamp::netbench {

class TorusGrid {
 public:
  /// Throws std::invalid_argument, naming `what`, unless the job's machine has a grid (torus or mesh).
  TorusGrid(const Allocation& job, const std::string& what);

  const Grid& torus() const { return *torus_; }
  const Machine& machine() const { return job_.machine(); }
  int num_dims() const { return torus_->num_dims(); }
  std::vector<int> coords(int slot) const;
  /// The slot of the same core and node-on-router on the router at coords(slot) + offset (wrapped in a torus
  /// dimension), or -1 when that router is off a mesh edge or that node/core is not in the job.
  int shifted(int slot, const std::vector<int>& offset) const;

 private:
  const Allocation& job_;
  const Grid* torus_ = nullptr;
  std::map<std::pair<int, int>, int> slot_of_;  // (machine node, core) -> job slot
};

}  // namespace tamp::netbench
