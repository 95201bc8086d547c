// MiniGhost's boundary exchange: face messages only. 5/7-point stencils exchange all faces at once;
// 9/27-point stencils go dimension by dimension (y, then x, then z), each face carrying the ghost ring just
// received, so the edge and corner ghosts arrive without diagonal messages. BSPMA packs every variable of a
// face into one message, SVAF exchanges one variable at a time.
#pragma once
#include <mpi.h>

#include <array>
#include <cstddef>
#include <map>
#include <vector>

#include "halo_block.hpp"
#include "tamp/app/field_memory.hpp"

namespace tamp::halo {

class HaloExchange {
 public:
  /// `comm`: the reordered communicator (rank == task). No communication here. `folded`: message buffers
  /// folded across ranks (a skeleton run of the simulated build, tamp/app/field_memory.hpp).
  HaloExchange(const HaloSpec& spec, const Block& block, MPI_Comm comm, bool folded);
  HaloExchange(const HaloExchange&) = delete;
  HaloExchange& operator=(const HaloExchange&) = delete;

  /// Fills the ghost layers of `grids[v]` for v in [first_var, first_var + vars): BSPMA calls it once with
  /// every variable, SVAF once per variable.
  void exchange(const std::vector<double*>& grids, int first_var, int vars);

  /// Bytes this task sends per step to each neighbour (BSPMA and SVAF send the same): what the task graph
  /// says.
  std::map<int, double> bytes_per_step() const;

 private:
  void stage(const std::vector<int>& faces, const std::vector<double*>& grids, int first_var, int vars);

  BlockLayout layout_;
  std::array<int, kFaces> neighbor_;
  int total_vars_;
  std::vector<std::vector<int>> stages_;  // faces exchanged together
  MPI_Comm comm_;
  // Every face's send and receive buffer in one block: a skeleton run folds it with one memory map per rank
  // (a map per buffer hit vm.max_map_count at 4,096 ranks).
  app::FieldMemory buffers_;
  std::array<std::size_t, kFaces> count_{};  // doubles per message (0: no neighbour)
  std::array<double*, kFaces> send_{};
  std::array<double*, kFaces> recv_{};
  std::vector<MPI_Request> requests_;
};

}  // namespace tamp::halo
