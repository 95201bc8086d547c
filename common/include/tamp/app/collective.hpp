// Errors that every rank raises together, so that no rank waits forever in a collective another rank left.
#pragma once
#include <mpi.h>

#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace tamp::app {

/// An error known to be raised on every rank of the communicator with the same message: main prints it once
/// (rank 0) and returns 1 without MPI_Abort.
class AgreedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Collective: when `local_error` is set on any rank, every rank throws AgreedError carrying the message of
/// the lowest failing rank. Returns normally when no rank failed.
void raise_if_any_failed(MPI_Comm comm, const std::optional<std::string>& local_error);

/// Runs `f` on every rank of `comm` (collective); if it throws on any rank, every rank throws AgreedError
/// with the message of the lowest failing rank. Returns what `f` returns.
template <class F>
auto collectively(MPI_Comm comm, F&& f) -> decltype(f()) {
  using Result = decltype(f());
  std::optional<std::string> error;
  if constexpr (std::is_void_v<Result>) {
    try {
      f();
    } catch (const std::exception& e) {
      error = e.what();
    }
    raise_if_any_failed(comm, error);
  } else {
    std::optional<Result> result;
    try {
      result.emplace(f());
    } catch (const std::exception& e) {
      error = e.what();
    }
    raise_if_any_failed(comm, error);
    return std::move(*result);
  }
}

}  // namespace tamp::app
