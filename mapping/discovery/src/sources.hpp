// The sources of discovery behind resolve_layout: one function each, all MPI-free (they read the gathered
// rank records, files and the environment).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tamp/discovery/rank_record.hpp"

namespace tamp::discovery::impl {

struct SourceInput {
  std::string source;    // as given, e.g. "file:/x/m.machine"
  std::string argument;  // the part after "NAME:", or empty
  const std::vector<RankRecord>& ranks;
  const Environment& env;
  const std::optional<VendorShape>& shape;
};

JobLayout synthetic_source(const SourceInput& in);
JobLayout file_source(const SourceInput& in);
JobLayout slurm_source(const SourceInput& in);
JobLayout simgrid_source(const SourceInput& in);
JobLayout vendor_source(const SourceInput& in);  // cray and bgq: coordinates probed on every rank
JobLayout hwloc_source(const SourceInput& in);

/// Core of each rank on its host: ranks of one host ordered by their bound core when each is bound to a
/// different single core, else in rank order; numbered 0, 1, ... on each host.
std::vector<int> cores_on_hosts(const std::vector<RankRecord>& ranks);

/// Ranks placed by host name on the allocation of `machine`: an allocated node is named by its hostname, or
/// "node-ID" when it has none. `where` starts every error message (e.g. "file:m.machine"). Throws
/// std::invalid_argument when a rank's host is not in the allocation or a host has more ranks than cores.
JobLayout place_by_host(MachineDescription machine, const SourceInput& in, const std::string& where);

/// Value of an environment variable, empty when unset.
std::string env_or_empty(const Environment& env, const std::string& name);

}  // namespace tamp::discovery::impl
