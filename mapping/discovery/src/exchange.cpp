// The only communication of discovery: one MPI_Allgather of fixed-size records, and agreeing on errors.
#include <algorithm>
#include <cstring>

#include "probe.hpp"
#include "tamp/discovery/discover.hpp"
#include "tamp/discovery/first_error.hpp"

namespace tamp::discovery::impl {
namespace {

constexpr int kMaxCoords = 6;  // Blue Gene/Q: 5 torus dimensions (+ room for one more)

// A RankRecord as plain bytes: the same layout on every rank of one job.
struct WireRecord {
  char host[MPI_MAX_PROCESSOR_NAME + 1];
  int local_rank, local_size;
  int probed, bound, first_core, num_cores, package, numa, node_cores, node_pus;
  int num_coords, coords[kMaxCoords], nid;
};

WireRecord to_wire(const RankRecord& r) {
  WireRecord w{};
  std::strncpy(w.host, r.host.c_str(), MPI_MAX_PROCESSOR_NAME);
  w.local_rank = r.local_rank;
  w.local_size = r.local_size;
  const Binding& b = r.binding;
  w.probed = b.probed;
  w.bound = b.bound;
  w.first_core = b.first_core;
  w.num_cores = b.num_cores;
  w.package = b.package;
  w.numa = b.numa;
  w.node_cores = b.node_cores;
  w.node_pus = b.node_pus;
  w.num_coords = static_cast<int>(std::min<std::size_t>(r.coords.size(), kMaxCoords));
  std::copy_n(r.coords.begin(), w.num_coords, w.coords);
  w.nid = r.nid;
  return w;
}

RankRecord from_wire(const WireRecord& w) {
  RankRecord r;
  r.host = w.host;
  r.local_rank = w.local_rank;
  r.local_size = w.local_size;
  r.binding = Binding{w.probed != 0, w.bound != 0, w.first_core, w.num_cores,
                      w.package,     w.numa,       w.node_cores, w.node_pus};
  r.coords.assign(w.coords, w.coords + w.num_coords);
  r.nid = w.nid;
  return r;
}

}  // namespace

std::vector<RankRecord> gather_records(const RankRecord& mine, MPI_Comm comm) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  const WireRecord local = to_wire(mine);
  std::vector<WireRecord> all(size);
  MPI_Allgather(&local, sizeof local, MPI_BYTE, all.data(), sizeof local, MPI_BYTE, comm);
  std::vector<RankRecord> records;
  records.reserve(size);
  for (const auto& w : all) records.push_back(from_wire(w));
  return records;
}

void agree(MPI_Comm comm, const std::optional<std::string>& error) {
  if (std::optional<std::string> message = first_error(comm, error)) throw DiscoveryError(*message);
}

}  // namespace tamp::discovery::impl
