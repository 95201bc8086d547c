// Scotch's static mapping (SCOTCH_graphMap) of a TAMP task graph onto the allocated nodes of a torus.
#pragma once
#include <string>

#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"
#include "tamp/task_graph.hpp"

namespace tamp_scotch {

struct ScotchOptions {
  int seed = 1;
  int strategy_flags = 0;   // SCOTCH_STRAT* flags, SCOTCH_STRATBALANCE added
  double imbalance = 0.0;   // kbalval of SCOTCH_stratGraphMapBuild
};

struct ScotchResult {
  tamp::Mapping mapping;
  std::string architecture;  // what Scotch was given, for the report
  int overfull_nodes = 0;    // nodes Scotch gave more tasks than cores
  int moved_tasks = 0;       // tasks the repair moved so every node holds exactly its cores' worth
  double scotch_seconds = 0; // SCOTCH_graphMap alone
};

/// Maps `graph` onto `allocation` (a Torus with the same cores on every node): one Scotch terminal per
/// allocated node, balance 0, one thread, fixed seed; then moves the fewest tasks needed to fill every node
/// exactly, and gives each task of a node one of its cores (in task order). Throws std::runtime_error when Scotch
/// fails, std::invalid_argument when the machine is not a torus/mesh Scotch can describe.
ScotchResult scotch_map(const tamp::TaskGraph& graph, const tamp::Allocation& allocation, const ScotchOptions& options);

}  // namespace tamp_scotch
