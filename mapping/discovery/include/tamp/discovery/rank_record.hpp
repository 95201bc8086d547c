// What one rank learns about itself before the exchange, and the MPI-free step that turns every rank's record
// into a JobLayout. Discovery gathers the records with one MPI_Allgather and then calls resolve_layout on
// every rank; tests call it directly with made-up records.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tamp/discovery/job_layout.hpp"

namespace tamp::discovery {

/// The hwloc view of one rank: its CPU binding and the size of its node.
struct Binding {
  bool probed = false;  // false: hwloc was not asked (no binding information)
  bool bound = false;   // bound to fewer PUs than the node has
  int first_core = -1;  // logical index of the first core in the binding
  int num_cores = 0;    // cores the binding touches
  int package = -1;     // package (socket) of the binding when it lies in one, else -1
  int numa = -1;        // NUMA node when the binding lies in one, else -1
  int node_cores = 0;   // cores of the whole node
  int node_pus = 0;     // processing units (hardware threads) of the whole node
};

/// "core 3 (package 0, NUMA 0)", "cores 0-3 (package 0)", "unbound (8 cores)", "not probed".
std::string to_string(const Binding& binding);

struct RankRecord {
  std::string host;    // MPI_Get_processor_name, or the TAMP_DISCOVERY_HOSTS override
  int local_rank = 0;  // rank in MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)
  int local_size = 1;  // ranks sharing the node's memory
  Binding binding;
  std::vector<int> coords;  // network coordinates from a vendor source (Cray, Blue Gene), else empty
  int nid = -1;             // vendor node id (Cray nid), else -1
};

/// Network shape reported by a vendor source (Cray: rca_get_max_dimension; BG/Q: MPIX_Hardware).
struct VendorShape {
  std::string source;      // "cray" or "bgq"
  std::vector<int> dims;   // extent of each coordinate
  std::vector<bool> wrap;  // torus links per dimension
  int nodes_per_router = 1;
  int cores_per_node = 0;  // 0: not known (take the largest number of ranks on a node)
};

/// Reads an environment variable (std::getenv in production; a table in tests).
using Environment = std::function<std::optional<std::string>(const std::string& name)>;
Environment process_environment();

/// The MPI-free half of discovery: the layout that `source` gives for ranks described by `records` (rank
/// r = records[r]). `source` is one of synthetic:SPEC|FILE, file:FILE, slurm[:TOPOLOGY_CONF], simgrid[:FILE],
/// cray, bgq, hwloc or auto. `shape` is required for cray and bgq. Throws std::invalid_argument /
/// tamp::ParseError with a message naming the source on bad input; never falls back silently.
JobLayout resolve_layout(const std::string& source, const std::vector<RankRecord>& records,
                         const Environment& env, const std::optional<VendorShape>& shape = std::nullopt);

/// Unbound ranks and oversubscribed nodes, one line each (empty when all is well or nothing was probed).
std::vector<std::string> binding_warnings(const std::vector<RankRecord>& records);

}  // namespace tamp::discovery
