// MiniGhost's BSPMA face messages, built on the stencil generator (faces only; the halo ring widens them),
// and its grid sums (MG_SUM_GRID: one MPI_Allreduce of one double per summed variable and step).
#include <numeric>
#include <string>

#include "tamp/collectives.hpp"
#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {

TaskGraph make_minighost_graph(const MiniGhostGraphSpec& spec) {
  require(spec.tasks.size() == 3, "minighost graph: the task grid needs 3 extents (NPX, NPY, NPZ), not " +
                                      std::to_string(spec.tasks.size()));
  require(spec.local.size() == 3, "minighost graph: the local box needs 3 extents (NX, NY, NZ), not " +
                                      std::to_string(spec.local.size()));
  require(spec.vars >= 1 && spec.vars <= 40,
          "minighost graph: " + std::to_string(spec.vars) + " variables (MiniGhost allows 1..40)");
  StencilGraphSpec s;
  s.tasks = spec.tasks;
  s.points = 0;  // MiniGhost sends to its 6 face neighbours only, whatever the stencil
  s.local = spec.local;
  // The coordinated exchange packs the face plus the halo ring (MG_PACK loops 0..N+1): the diagonal values
  // travel with the face messages, so there are no edge or corner messages.
  if (spec.diagonals)
    for (int& n : s.local) {
      require(n >= 1, "minighost graph: empty local box");
      n += 2;
    }
  s.bytes_per_cell = 8.0 * spec.vars;
  require(spec.percent_sum >= 0 && spec.percent_sum <= 100,
          "minighost graph: percent_sum " + std::to_string(spec.percent_sum) + " outside 0..100");
  const TaskGraph faces = make_stencil_graph(s);
  if (spec.percent_sum == 0) return faces;

  std::vector<Phase> phases{{"faces", PhaseKind::p2p, 1, faces.edges()}};
  std::vector<int> all(static_cast<std::size_t>(faces.num_tasks()));
  std::iota(all.begin(), all.end(), 0);
  add_collective(phases, "grid-sum", spec.vars * spec.percent_sum / 100.0, {allreduce_rdb(all, 8.0)});
  TaskGraph graph = TaskGraph::from_phases(faces.num_tasks(), std::move(phases));
  graph.set_coordinates(faces.coordinate_dim(), faces.coordinates());
  graph.set_grid(*faces.grid());
  return graph;
}

}  // namespace tamp
