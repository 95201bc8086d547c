// Non-blocking exchange of the ghost nodes' temperatures with each neighbouring chunk.
#pragma once
#include <mpi.h>

#include <map>
#include <vector>

#include "chunk.hpp"

namespace tamp::mesh {

class GhostExchange {
 public:
  /// `comm`: the reordered communicator, where rank == chunk. No communication here.
  GhostExchange(const Chunk& chunk, MPI_Comm comm);
  GhostExchange(const GhostExchange&) = delete;
  GhostExchange& operator=(const GhostExchange&) = delete;

  /// Posts the receives, packs the owned nodes each neighbour needs and posts the sends.
  void start(const double* u);
  /// Waits for every message and unpacks the ghost nodes into `u`.
  void finish(double* u);

  /// Bytes sent per step to each other chunk: what the task graph must say.
  std::map<int, double> bytes_to_tasks() const;

 private:
  const Chunk& chunk_;
  MPI_Comm comm_;
  std::vector<std::vector<double>> send_;
  std::vector<std::vector<double>> recv_;
  std::vector<MPI_Request> requests_;  // receives first, then sends
};

}  // namespace tamp::mesh
