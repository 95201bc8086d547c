// Discovery in the simulated build. SMPI runs every rank of a job in one process, so the ranks write their
// records into one table they all see (sim_shared/) and the layout is resolved once per job. The
// all-gather of the native build would give each of P ranks a copy of all P records, and P ranks would
// resolve the same layout: at 4,096 ranks that is 3 GB and about 15 s of simulator time before the app starts
// (docs/simulation.md, "Discovery in simulated runs").
#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "probe.hpp"
#include "tamp/discovery/discover.hpp"
#include "tamp/sim_shared.hpp"

namespace tamp::discovery::impl {
namespace {

// One discovery of one job: every rank's record, then the layout (or the error) resolved from them.
struct SharedDiscovery {
  explicit SharedDiscovery(int ranks) : records(static_cast<std::size_t>(ranks)) {}
  std::vector<RankRecord> records;
  std::once_flag resolved;
  std::shared_ptr<const JobLayout> layout;  // one object for every rank
  std::string error;
};

// What MPI_Comm_split_type(SHARED) gives each rank: its index among the ranks of its host, and their number.
void set_local_ranks(std::vector<RankRecord>& records) {
  std::map<std::string, int> on_host;
  for (auto& r : records) r.local_rank = on_host[r.host]++;
  for (auto& r : records) r.local_size = on_host[r.host];
}

}  // namespace

std::shared_ptr<const JobLayout> resolve_once(const std::string& source, const RankRecord& mine,
                                              const Environment& env, const std::optional<VendorShape>& shape,
                                              MPI_Comm comm) {
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  // A name all ranks of this call agree on: the world rank of the communicator's rank 0 and its count of
  // discoveries (kept in the table: a global of the app would be one per job, not per rank).
  long long id[2] = {0, 0};
  if (rank == 0) {
    int world_rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    id[0] = world_rank;
    const std::string count = fmt::format("discovery-count:{}", world_rank);
    id[1] = sim::shared_entry<long long>(count, [] { return new long long(0); })++;
  }
  MPI_Bcast(id, 2, MPI_LONG_LONG, 0, comm);
  auto& one = sim::shared_entry<SharedDiscovery>(fmt::format("discovery:{}:{}:{}", id[0], id[1], size),
                                                 [size] { return new SharedDiscovery(size); });
  one.records[static_cast<std::size_t>(rank)] = mine;
  MPI_Barrier(comm);  // every record is in
  std::call_once(one.resolved, [&] {
    set_local_ranks(one.records);
    try {
      one.layout = std::make_shared<const JobLayout>(resolve_layout(source, one.records, env, shape));
    } catch (const std::exception& e) {
      one.error = e.what();
      if (one.error.empty()) one.error = "discovery failed";
    }
  });
  if (!one.error.empty()) throw DiscoveryError(one.error);  // the same on every rank
  return one.layout;
}

}  // namespace tamp::discovery::impl
