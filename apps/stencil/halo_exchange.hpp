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
  /// `comm`: the reordered communicator, where rank == task. `folded`: the field is folded memory of a skeleton
  /// run, whose garbage is neither packed nor unpacked (writes would dirty SMPI's shared file: docs/simulation.md,
  /// "No writes to folded memory"); the messages are the same. No communication here.
  HaloExchange(const StencilSpec& spec, int task, MPI_Comm comm, bool folded);
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
  bool copy_;  // pack and unpack the cells (not in a skeleton run)
  std::vector<Message> messages_;
  std::vector<MPI_Request> requests_;  // receives first, then sends
};

}  // namespace tamp::stencil
