// The topology front end: where every rank runs (DESIGN §4). Sources plug into one table (topology.cpp).
#pragma once
#include <mpi.h>

#include <string>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/io/machine_file.hpp"

namespace tamp::app {

/// Where the ranks of a job are, identical on every rank.
struct Placement {
  MachineDescription machine;  // the network and its allocation as described or discovered
  std::string source;          // the --topology value it came from
  /// The job: the allocated nodes that hold ranks (in allocation order) with the number of ranks on each, so
  /// job.num_slots() == number of ranks and a mapping of the ranks' tasks is a permutation of its slots.
  Allocation job;
  std::vector<int> slot_of_rank;  // job slot of each world rank (a permutation of 0..ranks-1)
};

/// Collective on `comm`. Sources: `synthetic:MACHINEFILE`, `synthetic:SPEC` (inline, e.g.
/// torus:4x4x4,cores=4), `file:MACHINEFILE` (as synthetic for now). Throws std::invalid_argument on unknown
/// sources, on more ranks than the machine has slots, and std::runtime_error when ranks disagree on the
/// result (hash check).
Placement discover_placement(const std::string& source, MPI_Comm comm);

/// Ranks in launcher order on the first slots of `machine`'s allocation (no MPI): rank r on allocation slot
/// r. Throws std::invalid_argument naming the machine and the counts when there are more ranks than slots.
Placement place_in_launcher_order(MachineDescription machine, const std::string& source, int ranks);

/// Allocation of the nodes that hold the given machine-allocation slots, with the rank count of each, and the
/// job slot of each of those slots. Throws std::invalid_argument on repeated or out-of-range slots.
Allocation job_allocation(const Allocation& allocation, const std::vector<int>& allocation_slot_of_rank,
                          std::vector<int>& job_slot_of_rank);

/// One line: "torus 4x4x4 (wrap), 4 cores/node; 64 ranks on 16 nodes".
std::string describe(const Placement& placement);

}  // namespace tamp::app
