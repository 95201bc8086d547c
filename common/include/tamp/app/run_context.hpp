// What the harness gives the run of one placement: the reordered communicator and the placement applied.
#pragma once
#include <mpi.h>

#include "tamp/allocation.hpp"
#include "tamp/app/backend.hpp"
#include "tamp/app/compute_model.hpp"
#include "tamp/mapping.hpp"
#include "tamp/placement.hpp"

namespace tamp::app {

/// What a run is given: the reordered communicator (rank == task), the placement it applies and the mapping
/// that gave, the chosen backend and how compute is charged (compute_phase(), tamp/app/compute.hpp).
struct RunContext {
  MPI_Comm comm = MPI_COMM_NULL;
  int task = 0;
  tamp::Placement placement;         // --mapping or a --compare entry
  const Allocation* job = nullptr;   // the job's slots
  const Mapping* mapping = nullptr;  // task -> job slot, as applied; identical on every rank
  Backend backend = Backend::openmp;
  int threads = 1;
  const ComputeModel* compute_model = nullptr;  // --compute-model; nullptr = measured
  bool skeleton = false;                        // --skeleton: kernels are charged, not run
};

}  // namespace tamp::app
