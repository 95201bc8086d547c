// Packing, posting and unpacking of the halo messages.
#include "halo_exchange.hpp"

namespace tamp::stencil {
namespace {

void pack(const Layout& layout, const Box& box, const double* field, double* buffer) {
  for (int k = box.lo[2]; k < box.hi[2]; ++k)
    for (int j = box.lo[1]; j < box.hi[1]; ++j) {
      const double* row = field + layout.index(box.lo[0], j, k);
      for (int i = 0; i < box.hi[0] - box.lo[0]; ++i) *buffer++ = row[i];
    }
}

void unpack(const Layout& layout, const Box& box, const double* buffer, double* field) {
  for (int k = box.lo[2]; k < box.hi[2]; ++k)
    for (int j = box.lo[1]; j < box.hi[1]; ++j) {
      double* row = field + layout.index(box.lo[0], j, k);
      for (int i = 0; i < box.hi[0] - box.lo[0]; ++i) row[i] = *buffer++;
    }
}

}  // namespace

HaloExchange::HaloExchange(const StencilSpec& spec, int task, MPI_Comm comm, bool folded)
    : layout_(block_layout(spec)), comm_(comm), task_(task), copy_(!folded) {
  for (const Neighbor& nb : neighbors_of_task(spec, task)) {
    Message m;
    m.neighbor = nb;
    m.send.resize(static_cast<std::size_t>(nb.send_box.cells()));
    m.recv.resize(static_cast<std::size_t>(nb.recv_box.cells()));
    messages_.push_back(std::move(m));
  }
  requests_.assign(2 * messages_.size(), MPI_REQUEST_NULL);
}

void HaloExchange::start(const double* field) {
  const std::size_t n = messages_.size();
  for (std::size_t m = 0; m < n; ++m) {
    Message& msg = messages_[m];
    MPI_Irecv(msg.recv.data(), static_cast<int>(msg.recv.size()), MPI_DOUBLE, msg.neighbor.task,
              msg.neighbor.recv_tag, comm_, &requests_[m]);
  }
  for (std::size_t m = 0; m < n; ++m) {
    Message& msg = messages_[m];
    if (copy_) pack(layout_, msg.neighbor.send_box, field, msg.send.data());
    MPI_Isend(msg.send.data(), static_cast<int>(msg.send.size()), MPI_DOUBLE, msg.neighbor.task,
              msg.neighbor.send_tag, comm_, &requests_[n + m]);
  }
}

void HaloExchange::finish(double* field) {
  MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  if (!copy_) return;
  for (const Message& msg : messages_) unpack(layout_, msg.neighbor.recv_box, msg.recv.data(), field);
}

std::map<int, double> HaloExchange::bytes_to_tasks() const {
  std::map<int, double> bytes;
  for (const Message& msg : messages_) {
    if (msg.neighbor.task != task_)
      bytes[msg.neighbor.task] += static_cast<double>(msg.send.size() * sizeof(double));
  }
  return bytes;
}

}  // namespace tamp::stencil
