// Packing, posting and unpacking of the ghost messages.
#include "ghost_exchange.hpp"

#include "decomposition.hpp"

namespace tamp::mesh {

GhostExchange::GhostExchange(const Chunk& chunk, MPI_Comm comm) : chunk_(chunk), comm_(comm) {
  for (const auto& link : chunk.sends) send_.emplace_back(link.nodes.size());
  for (const auto& link : chunk.receives) recv_.emplace_back(link.nodes.size());
  requests_.assign(send_.size() + recv_.size(), MPI_REQUEST_NULL);
}

void GhostExchange::start(const double* u) {
  const std::size_t r = recv_.size();
  for (std::size_t m = 0; m < r; ++m) {
    MPI_Irecv(recv_[m].data(), static_cast<int>(recv_[m].size()), MPI_DOUBLE, chunk_.receives[m].chunk, 0,
              comm_, &requests_[m]);
  }
  for (std::size_t m = 0; m < send_.size(); ++m) {
    const auto& nodes = chunk_.sends[m].nodes;
    for (std::size_t k = 0; k < nodes.size(); ++k) send_[m][k] = u[nodes[k]];
    MPI_Isend(send_[m].data(), static_cast<int>(send_[m].size()), MPI_DOUBLE, chunk_.sends[m].chunk, 0, comm_,
              &requests_[r + m]);
  }
}

void GhostExchange::finish(double* u) {
  MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  for (std::size_t m = 0; m < recv_.size(); ++m) {
    const auto& nodes = chunk_.receives[m].nodes;
    for (std::size_t k = 0; k < nodes.size(); ++k) u[nodes[k]] = recv_[m][k];
  }
}

std::map<int, double> GhostExchange::bytes_to_tasks() const {
  std::map<int, double> bytes;
  for (const auto& link : chunk_.sends)
    bytes[link.chunk] += kBytesPerNode * static_cast<double>(link.nodes.size());
  return bytes;
}

}  // namespace tamp::mesh
