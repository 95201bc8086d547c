// What the harness runs in one process of the job (--engine flow, --task-graph-for): the problem is built for
// many simulated ranks, so a second process would only repeat it.
#pragma once
#include <mpi.h>

#include <stdexcept>
#include <string>

namespace tamp::app::impl {

/// Throws std::invalid_argument unless `world` has one rank (`option` names what needs it).
inline void require_one_process(MPI_Comm world, const std::string& option) {
  int ranks = 0;
  MPI_Comm_size(world, &ranks);
  if (ranks != 1) throw std::invalid_argument(option + " runs in one process, not " + std::to_string(ranks));
}

}  // namespace tamp::app::impl
