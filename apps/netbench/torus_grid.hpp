// The job's slots on a torus or mesh: each slot as (router coordinates, node on router, core), and the slot
// of the same core on another router. What the pairings along one dimension need.
#pragma once
#include <map>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/torus.hpp"

namespace tamp::netbench {

class TorusGrid {
 public:
  /// Throws std::invalid_argument, naming `what`, unless the job's machine is a Torus (torus or mesh).
  TorusGrid(const Allocation& job, const std::string& what);

  const Torus& torus() const { return *torus_; }
  int num_dims() const { return torus_->num_dims(); }
  std::vector<int> coords(int slot) const;
  /// The slot of the same core and node-on-router on the router at coords(slot) + offset (wrapped in a torus
  /// dimension), or -1 when that router is off a mesh edge or that node/core is not in the job.
  int shifted(int slot, const std::vector<int>& offset) const;

 private:
  const Allocation& job_;
  const Torus* torus_ = nullptr;
  std::map<std::pair<int, int>, int> slot_of_;  // (machine node, core) -> job slot
};

}  // namespace tamp::netbench
