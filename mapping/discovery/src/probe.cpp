// What one rank learns about itself: host name, node-local rank, binding.
#include "probe.hpp"

#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

#include "sources.hpp"

namespace tamp::discovery::impl {
namespace {

// $TAMP_DISCOVERY_HOSTS="a,a,b,b": the host of each rank, for dry runs and tests of multi-node sources on one
// box.
std::string overridden_host(const std::string& list, int rank) {
  std::stringstream in(list);
  std::string host;
  for (int r = 0; std::getline(in, host, ','); ++r)
    if (r == rank) return host;
  throw std::invalid_argument(
      fmt::format("TAMP_DISCOVERY_HOSTS names fewer hosts than there are ranks (no host "
                  "for rank {})",
                  rank));
}

}  // namespace

RankRecord probe_rank(MPI_Comm comm, const Environment& env) {
  RankRecord record;
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
#ifndef TAMP_SMPI
  MPI_Comm shared = MPI_COMM_NULL;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
  MPI_Comm_rank(shared, &record.local_rank);
  MPI_Comm_size(shared, &record.local_size);
  MPI_Comm_free(&shared);
#endif

  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int length = 0;
  MPI_Get_processor_name(name, &length);
  record.host.assign(name, length);
  const std::string hosts = env_or_empty(env, "TAMP_DISCOVERY_HOSTS");
  if (!hosts.empty()) record.host = overridden_host(hosts, rank);
  if (record.host.empty()) throw std::runtime_error(fmt::format("rank {} has an empty host name", rank));
#ifndef TAMP_SMPI
  // Simulated ranks all run in the simulator's one process: its binding on this host says nothing about
  // theirs, and loading the host's hwloc topology once per rank cost 20 s at 4,096 ranks.
  record.binding = probe_binding();
#endif
  return record;
}

std::optional<VendorShape> probe_vendor([[maybe_unused]] const std::string& source,
                                        [[maybe_unused]] RankRecord& record) {
#if defined(TAMP_HAVE_RCA)
  if (source == "cray" || source == "auto") {
    VendorShape shape;
    if (probe_cray(record, shape)) return shape;
  }
#endif
#if defined(TAMP_HAVE_MPIX)
  if (source == "bgq" || source == "auto") {
    VendorShape shape;
    if (probe_bgq(record, shape)) return shape;
  }
#endif
  return std::nullopt;
}

}  // namespace tamp::discovery::impl
