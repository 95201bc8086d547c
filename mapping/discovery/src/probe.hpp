// The MPI side of discovery: what each rank probes about itself, the exchange, and errors agreed by all
// ranks.
#pragma once
#include <mpi.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tamp/discovery/rank_record.hpp"

namespace tamp::discovery::impl {

/// Host name (MPI_Get_processor_name or entry `rank` of $TAMP_DISCOVERY_HOSTS), node-local rank and size
/// (MPI_Comm_split_type SHARED; collective on comm) and hwloc binding of the calling rank. The simulated build
/// probes the host name only: resolve_once sets the local ranks, and a simulated host has no cores to bind.
RankRecord probe_rank(MPI_Comm comm, const Environment& env);

/// hwloc: the CPU binding of this process and the size of its node; probed == false when hwloc fails.
Binding probe_binding();

/// Coordinates from the vendor library this build has (Cray RCA, Blue Gene/Q MPIX) when `source` is cray,
/// bgq or auto; fills record.coords / record.nid. std::nullopt when none applies.
std::optional<VendorShape> probe_vendor(const std::string& source, RankRecord& record);

#if defined(TAMP_HAVE_RCA)
bool probe_cray(RankRecord& record, VendorShape& shape);
#endif
#if defined(TAMP_HAVE_MPIX)
bool probe_bgq(RankRecord& record, VendorShape& shape);
#endif

/// Every rank's record (one MPI_Allgather of fixed-size records). Host names longer than
/// MPI_MAX_PROCESSOR_NAME are cut (they come from MPI_Get_processor_name, which has that limit).
std::vector<RankRecord> gather_records(const RankRecord& mine, MPI_Comm comm);

#ifdef TAMP_SMPI
/// Simulated build: the layout from every rank's record, resolved once per job in the table all ranks of the
/// process share (shared_resolution.cpp); fills the records' local ranks. Collective on comm; throws
/// DiscoveryError, the same on every rank, when the source cannot place the ranks.
std::shared_ptr<const JobLayout> resolve_once(const std::string& source, const RankRecord& mine,
                                              const Environment& env, const std::optional<VendorShape>& shape,
                                              MPI_Comm comm);
#endif

/// Collective: when any rank has an error, every rank throws DiscoveryError with the lowest failing rank's.
void agree(MPI_Comm comm, const std::optional<std::string>& error);

}  // namespace tamp::discovery::impl
