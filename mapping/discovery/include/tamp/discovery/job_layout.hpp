// Where the ranks of a job run, identical on every rank (docs/discovery.md). No MPI here: this is what
// discovery returns.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/io/machine_file.hpp"

namespace tamp::discovery {

/// The result of discovery, identical on every rank (checked by hash_layout).
struct JobLayout {
  MachineDescription machine;  // the network and its allocation as described or discovered
  std::string source;          // the --topology value asked for ("auto", "slurm", "file:PATH", ...)
  std::string found_by;  // the source that produced it: synthetic, file, cray, bgq, slurm, simgrid, hwloc
  std::string note;      // what the report must say about it (e.g. the hwloc fallback), or empty
  /// The job: the allocated nodes that hold ranks (in allocation order) with the number of ranks on each, so
  /// job.num_slots() == number of ranks and a mapping of the ranks' tasks is a permutation of its slots.
  Allocation job;
  std::vector<int> slot_of_rank;          // job slot of each rank (a permutation of 0..ranks-1)
  std::vector<std::string> job_hosts;     // host name of each job node ("" when the source has none)
  std::vector<std::string> rank_hosts;    // host each rank really runs on ("" when not probed)
  std::vector<std::string> rank_binding;  // hwloc binding of each rank, e.g. "core 3 (package 0, NUMA 0)"
  std::vector<std::string> warnings;      // unbound or oversubscribed ranks; printed once by rank 0
};

/// Ranks in launcher order on the first slots of `machine`'s allocation: rank r on allocation slot r. Throws
/// std::invalid_argument naming the machine and the counts when there are more ranks than slots.
JobLayout place_in_launcher_order(MachineDescription machine, const std::string& source, int ranks);

/// Places rank r on allocation slot allocation_slot_of_rank[r] of `machine` (job, slot_of_rank, job_hosts).
JobLayout place_on_slots(MachineDescription machine, const std::string& source,
                         const std::vector<int>& allocation_slot_of_rank);

/// Allocation of the nodes that hold the given machine-allocation slots, with the rank count of each, and the
/// job slot of each of those slots. Throws std::invalid_argument on repeated or out-of-range slots.
Allocation job_allocation(const Allocation& allocation, const std::vector<int>& allocation_slot_of_rank,
                          std::vector<int>& job_slot_of_rank);

/// One line: "torus 4x4x4, 4 cores/node; 64 ranks on 16 nodes", plus "(found by SOURCE)" when the request did
/// not name the source (auto) and the note (e.g. the hwloc fallback).
std::string describe(const JobLayout& layout);
/// One line for reports: which source, and the job's nodes, e.g. "slurm: 4 nodes nid[001-004], 8 ranks".
std::string allocation_summary(const JobLayout& layout);

/// FNV-1a hash of everything that defines the layout (machine, job, slots, hosts).
std::uint64_t hash_layout(const JobLayout& layout);

}  // namespace tamp::discovery
