// The lowest failing rank's message, broadcast to every rank.
#include "tamp/discovery/first_error.hpp"

namespace tamp::discovery {

std::optional<std::string> first_error(MPI_Comm comm, const std::optional<std::string>& local_error) {
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int mine = local_error ? rank : size;
  int first = size;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == size) return std::nullopt;
  int length = rank == first ? static_cast<int>(local_error->size()) : 0;
  MPI_Bcast(&length, 1, MPI_INT, first, comm);
  std::string message = rank == first ? *local_error : std::string(static_cast<std::size_t>(length), ' ');
  MPI_Bcast(message.data(), length, MPI_CHAR, first, comm);
  return message;
}

}  // namespace tamp::discovery
