// Agreement on errors: the lowest failing rank's message reaches every rank.
#include "tamp/app/collective.hpp"

#include <vector>

namespace tamp::app {

void raise_if_any_failed(MPI_Comm comm, const std::optional<std::string>& local_error) {
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int candidate = local_error ? rank : size;
  int first_failed = size;
  MPI_Allreduce(&candidate, &first_failed, 1, MPI_INT, MPI_MIN, comm);
  if (first_failed == size) return;

  int length = rank == first_failed ? static_cast<int>(local_error->size()) : 0;
  MPI_Bcast(&length, 1, MPI_INT, first_failed, comm);
  std::vector<char> text(static_cast<std::size_t>(length) + 1, '\0');
  if (rank == first_failed) local_error->copy(text.data(), local_error->size());
  MPI_Bcast(text.data(), length, MPI_CHAR, first_failed, comm);
  throw AgreedError(std::string(text.data(), static_cast<std::size_t>(length)));
}

}  // namespace tamp::app
