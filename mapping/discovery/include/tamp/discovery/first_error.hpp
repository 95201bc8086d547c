// Agreeing on errors across ranks: one owner for the discovery layer and the apps' harness, so that no rank
// waits forever in a collective that another rank left.
#pragma once
#include <mpi.h>

#include <optional>
#include <string>

namespace tamp::discovery {

/// Collective on `comm`: the message of the lowest rank whose `local_error` is set, on every rank;
/// std::nullopt when no rank failed. Callers throw their own exception type with it.
std::optional<std::string> first_error(MPI_Comm comm, const std::optional<std::string>& local_error);

}  // namespace tamp::discovery
