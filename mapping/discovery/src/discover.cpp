// discover_layout: probe, one exchange, the same MPI-free resolution on every rank, a hash check, and a
// cache on the communicator so that asking again costs nothing. The simulated build resolves once per job
// instead (shared_resolution.cpp).
#include "tamp/discovery/discover.hpp"

#include <iostream>
#include <map>
#include <memory>

#include "probe.hpp"

namespace tamp::discovery {
namespace {

using Cache = std::map<std::string, std::shared_ptr<const JobLayout>>;  // per source, on one communicator

int delete_cache(MPI_Comm, int, void* value, void*) {
  delete static_cast<Cache*>(value);
  return MPI_SUCCESS;
}

// The attribute key of the cache: MPI's way to hang data on a communicator (freed with it).
int cache_keyval() {
  static int keyval = MPI_KEYVAL_INVALID;
  if (keyval == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_cache, &keyval, nullptr);
  return keyval;
}

Cache& cache_of(MPI_Comm comm) {
  void* value = nullptr;
  int found = 0;
  MPI_Comm_get_attr(comm, cache_keyval(), &value, &found);
  if (found) return *static_cast<Cache*>(value);
  auto* cache = new Cache;
  MPI_Comm_set_attr(comm, cache_keyval(), cache);
  return *cache;
}

#ifndef TAMP_SMPI
// min == max over ranks, in one reduction: max of h and max of ~h (= ~min of h).
void check_identical(const JobLayout& layout, MPI_Comm comm) {
  const std::uint64_t h = hash_layout(layout);
  std::uint64_t local[2] = {h, ~h};
  std::uint64_t global[2] = {0, 0};
  MPI_Allreduce(local, global, 2, MPI_UINT64_T, MPI_MAX, comm);
  if (global[0] != ~global[1]) {
    throw DiscoveryError("ranks disagree on the topology from '" + layout.source +
                         "' (different machine files or environments on different nodes?)");
  }
}
#endif

// Runs f on this rank; the error of any rank is raised on every rank.
template <class F>
void on_every_rank(MPI_Comm comm, F&& f) {
  std::optional<std::string> error;
  try {
    f();
  } catch (const std::exception& e) {
    error = e.what();
  }
  impl::agree(comm, error);
}

}  // namespace

std::shared_ptr<const JobLayout> discover_shared_layout(const std::string& source, MPI_Comm comm) {
  Cache& cache = cache_of(comm);
  if (const auto it = cache.find(source); it != cache.end()) return it->second;

  const Environment env = process_environment();
  RankRecord mine;
  std::optional<VendorShape> shape;
  on_every_rank(comm, [&] {
    mine = impl::probe_rank(comm, env);
    shape = impl::probe_vendor(source, mine);
  });
#ifdef TAMP_SMPI
  std::shared_ptr<const JobLayout> layout = impl::resolve_once(source, mine, env, shape, comm);
#else
  const std::vector<RankRecord> records = impl::gather_records(mine, comm);
  std::shared_ptr<const JobLayout> layout;
  on_every_rank(comm, [&] { layout = std::make_shared<const JobLayout>(resolve_layout(source, records, env, shape)); });
  check_identical(*layout, comm);
#endif

  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    for (const auto& w : layout->warnings) std::cerr << "tamp: warning: " << w << '\n';
  }
  return cache.emplace(source, std::move(layout)).first->second;
}

JobLayout discover_layout(const std::string& source, MPI_Comm comm) {
  return *discover_shared_layout(source, comm);
}

}  // namespace tamp::discovery
