// A communicator of a run's ranks in the order of their job slots: the launcher's placement (rank r on the
// r-th lowest slot, as under `default`), whatever placement the run applies. An app runs there a collective
// whose result does not depend on the rank order when the launcher's order makes it faster (docs/mapping.md,
// "Collectives in launcher order"); its task graph marks the collective's phases Phase::launcher_order.
#pragma once
#include <mpi.h>

#include "tamp/app/run_context.hpp"

namespace tamp::app {

class SlotOrderComm {
 public:
  /// Collective on context.comm: MPI_Comm_split on the slot that context.mapping gives context.task.
  explicit SlotOrderComm(const RunContext& context);
  ~SlotOrderComm();
  SlotOrderComm(const SlotOrderComm&) = delete;
  SlotOrderComm& operator=(const SlotOrderComm&) = delete;

  MPI_Comm get() const { return comm_; }

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
};

}  // namespace tamp::app
