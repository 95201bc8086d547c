#include "tamp/app/slot_order_comm.hpp"

#include <stdexcept>

namespace tamp::app {

SlotOrderComm::SlotOrderComm(const RunContext& context) {
  if (context.mapping == nullptr) throw std::logic_error("SlotOrderComm: the run has no mapping");
  // Slots are unique per task, so the keys order the ranks completely.
  MPI_Comm_split(context.comm, 0, context.mapping->slot(context.task), &comm_);
}

SlotOrderComm::~SlotOrderComm() {
  if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

}  // namespace tamp::app
