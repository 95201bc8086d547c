// Non-blocking halo exchange through packed buffers: faces, and for 9/27-point stencils edges and corners
// sent directly to the diagonal neighbours.
#pragma once
#include <mpi.h>

#include <map>
#include <vector>

#include "geometry.hpp"

namespace tamp::stencil {

class HaloExchange {
 public:
  /// `comm`: the reordered communicator, where rank == task. No communication here.
  HaloExchange(const StencilSpec& spec, int task, MPI_Comm comm);
  HaloExchange(const HaloExchange&) = delete;
  HaloExchange& operator=(const HaloExchange&) = delete;

  /// Posts the receives, packs the cells next to each neighbour of `field` and posts the sends.
  void start(const double* field);
  /// Waits for every message and unpacks the received cells into the halo of `field`.
  void finish(double* field);

  /// Bytes sent per exchange to each other task (messages to itself left out): what the task graph must say.
  std::map<int, double> bytes_to_tasks() const;

 private:
  struct Message {
    Neighbor neighbor;
    std::vector<double> send;
    std::vector<double> recv;
  };
  Layout layout_;
  MPI_Comm comm_;
  int task_;
  std::vector<Message> messages_;
  std::vector<MPI_Request> requests_;  // receives first, then sends
};

}  // namespace tamp::stencil
