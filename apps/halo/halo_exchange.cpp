// Packing, posting and unpacking of MiniGhost's face messages.
#include "halo_exchange.hpp"

namespace tamp::halo {
namespace {

// The plane of cells at `layer` across dimension dimension_of(face), ghost ring included (b outer, a inner):
// f(first cell of a line along a, stride along a, cells of the line, position of that line in the message).
// Line by line, so that the y and z faces copy contiguous rows and the x faces one strided loop per line.
template <class F>
void for_plane(const BlockLayout& layout, int face, int layer, F&& f) {
  const int d = dimension_of(face);
  const int a = d == 0 ? 1 : 0;
  const int b = d == 2 ? 1 : 2;
  const std::int64_t stride = a == 0 ? 1 : layout.sy();
  const int line = layout.n[a] + 2;
  std::array<std::int64_t, 3> c{0, 0, 0};
  c[d] = layer;
  std::int64_t next = 0;
  for (c[b] = 0; c[b] <= layout.n[b] + 1; ++c[b], next += line)
    f(layout.index(c[0], c[1], c[2]), stride, line, next);
}

int send_layer(const BlockLayout& layout, int face) {
  return face % 2 == 0 ? 1 : layout.n[dimension_of(face)];
}
int ghost_layer(const BlockLayout& layout, int face) {
  return face % 2 == 0 ? 0 : layout.n[dimension_of(face)] + 1;
}

}  // namespace

HaloExchange::HaloExchange(const HaloSpec& spec, const Block& block, MPI_Comm comm, bool folded)
    : layout_(block.layout), neighbor_(block.neighbor), total_vars_(spec.vars), comm_(comm) {
  if (spec.diagonals()) {
    stages_ = {
        {south, north}, {west, east}, {back, front}};  // MG_BSPMA_DIAGS: north-south, east-west, back-front
  } else {
    stages_ = {{west, east, south, north, back, front}};
  }
  std::size_t total = 0;
  for (int f = 0; f < kFaces; ++f) {
    if (neighbor_[f] >= 0) count_[f] = static_cast<std::size_t>(face_cells(layout_, f) * total_vars_);
    total += 2 * count_[f];
  }
  buffers_ = app::FieldMemory(total, folded);
  double* next = buffers_.data();
  for (int f = 0; f < kFaces; ++f) {
    if (count_[f] == 0) continue;
    send_[f] = next;
    recv_[f] = next + count_[f];
    next += 2 * count_[f];
  }
  requests_.reserve(2 * kFaces);
}

void HaloExchange::exchange(const std::vector<double*>& grids, int first_var, int vars) {
  for (const auto& faces : stages_) stage(faces, grids, first_var, vars);
}

void HaloExchange::stage(const std::vector<int>& faces, const std::vector<double*>& grids, int first_var,
                         int vars) {
  // Folded buffers (skeleton run) hold garbage and are neither packed nor unpacked: copying into them only costs
  // host time, and writes to the shared file behind them make the kernel write it back page by page.
  const int copied = buffers_.folded() ? 0 : vars;
  requests_.clear();
  for (int f : faces) {
    if (neighbor_[f] < 0) continue;
    const int count = static_cast<int>(face_cells(layout_, f) * vars);
    requests_.emplace_back();
    // The neighbour's message towards us is tagged with its face, the opposite of ours.
    MPI_Irecv(recv_[f], count, MPI_DOUBLE, neighbor_[f], opposite(f), comm_, &requests_.back());
  }
  for (int f : faces) {
    if (neighbor_[f] < 0) continue;
    const std::int64_t plane = face_cells(layout_, f);
    for (int v = 0; v < copied; ++v) {
      double* out = send_[f] + v * plane;
      const double* grid = grids[first_var + v];
      for_plane(layout_, f, send_layer(layout_, f),
                [&](std::int64_t cell, std::int64_t stride, int line, std::int64_t at) {
                  for (int l = 0; l < line; ++l) out[at + l] = grid[cell + l * stride];
                });
    }
    requests_.emplace_back();
    MPI_Isend(send_[f], static_cast<int>(plane * vars), MPI_DOUBLE, neighbor_[f], f, comm_,
              &requests_.back());
  }
  MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  for (int f : faces) {
    if (neighbor_[f] < 0) continue;
    const std::int64_t plane = face_cells(layout_, f);
    for (int v = 0; v < copied; ++v) {
      const double* in = recv_[f] + v * plane;
      double* grid = grids[first_var + v];
      for_plane(layout_, f, ghost_layer(layout_, f),
                [&](std::int64_t cell, std::int64_t stride, int line, std::int64_t at) {
                  for (int l = 0; l < line; ++l) grid[cell + l * stride] = in[at + l];
                });
    }
  }
}

std::map<int, double> HaloExchange::bytes_per_step() const {
  std::map<int, double> bytes;
  for (int f = 0; f < kFaces; ++f) {
    if (neighbor_[f] >= 0) bytes[neighbor_[f]] += static_cast<double>(count_[f] * sizeof(double));
  }
  return bytes;
}

}  // namespace tamp::halo
