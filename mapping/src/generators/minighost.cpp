// MiniGhost's face messages (BSPMA: a face's variables in one message; SVAF: one message per variable), built
// on the stencil generator, and its grid sums (MG_SUM_GRID: one MPI_Allreduce of one double per summed
// variable).
#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <string>

#include "generators/graph_limits.hpp"
#include "tamp/collectives.hpp"
#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {
namespace {

// The dimension in which the face neighbours a and b differ (task id x fastest).
int face_dimension(const std::vector<int>& grid, int a, int b) {
  for (int d = 0; d < 3; ++d) {
    if (a % grid[d] != b % grid[d]) return d;
    a /= grid[d];
    b /= grid[d];
  }
  return 2;
}

}  // namespace

TaskGraph make_minighost_graph(const MiniGhostGraphSpec& spec) {
  require(spec.tasks.size() == 3, "minighost graph: the task grid needs 3 extents (NPX, NPY, NPZ), not " +
                                      std::to_string(spec.tasks.size()));
  require(spec.local.size() == 3, "minighost graph: the local box needs 3 extents (NX, NY, NZ), not " +
                                      std::to_string(spec.local.size()));
  require(spec.vars >= 1 && spec.vars <= 40,
          "minighost graph: " + std::to_string(spec.vars) + " variables (MiniGhost allows 1..40)");
  require(spec.percent_sum >= 0 && spec.percent_sum <= 100,
          "minighost graph: percent_sum " + std::to_string(spec.percent_sum) + " outside 0..100");
  require(spec.summed <= spec.vars, "minighost graph: " + std::to_string(spec.summed) +
                                        " summed variables but only " + std::to_string(spec.vars));
  // Six faces a task, and the grid sums' recursive doubling (log2 P rounds, two more where P is no power of 2).
  double grid_tasks = 1;
  for (int n : spec.tasks) grid_tasks *= std::max(n, 1);
  impl::require_graph_size("minighost graph: task grid " + std::to_string(spec.tasks[0]) + "x" +
                               std::to_string(spec.tasks[1]) + "x" + std::to_string(spec.tasks[2]),
                           grid_tasks, grid_tasks * (6 + std::log2(grid_tasks) + 2));
  StencilGraphSpec s;
  s.tasks = spec.tasks;
  s.points = 0;  // MiniGhost sends to its 6 face neighbours only, whatever the stencil
  s.local = spec.local;
  // MG_PACK sends the face plane with the halo ring (loops 0..N+1), whatever the stencil; the diagonal values
  // travel with the face messages, so there are no edge or corner messages.
  if (spec.ring)
    for (int& n : s.local) {
      require(n >= 1, "minighost graph: empty local box");
      n += 2;
    }
  const int per_message = spec.svaf ? 1 : spec.vars;  // variables in one message
  s.bytes_per_cell = 8.0 * per_message;
  const TaskGraph faces = make_stencil_graph(s);
  const double exchanges = spec.svaf ? spec.vars : 1;  // exchanges per step
  const double sums = spec.summed >= 0 ? spec.summed : spec.vars * spec.percent_sum / 100.0;

  std::vector<Phase> phases;
  if (spec.diagonals) {
    // MG_BSPMA_DIAGS: north-south, then east-west, then back-front, each stage waited for.
    const std::array<std::pair<int, const char*>, 3> stages{{{1, "faces-y"}, {0, "faces-x"}, {2, "faces-z"}}};
    for (const auto& [dim, name] : stages) {
      Phase p{name, PhaseKind::p2p, exchanges, {}};
      for (const Edge& e : faces.edges())
        if (face_dimension(spec.tasks, e.src, e.dst) == dim) p.edges.push_back(e);
      if (!p.edges.empty()) phases.push_back(std::move(p));
    }
  } else {
    phases.push_back({"faces", PhaseKind::p2p, exchanges, faces.edges()});
  }
  if (sums > 0) {
    std::vector<int> all(static_cast<std::size_t>(faces.num_tasks()));
    std::iota(all.begin(), all.end(), 0);
    const std::size_t first = phases.size();
    add_collective(phases, "grid-sum", sums, {allreduce_rdb(all, 8.0)},
                   allreduce_rdb_posting(faces.num_tasks()));
    for (std::size_t k = first; k < phases.size(); ++k) phases[k].launcher_order = spec.launcher_sums;
  }
  if (phases.size() <= 1 && exchanges == 1) return faces;  // one exchange per step: the graph itself
  TaskGraph graph = TaskGraph::from_phases(faces.num_tasks(), std::move(phases));
  graph.set_coordinates(faces.coordinate_dim(), faces.coordinates());
  graph.set_grid(*faces.grid());
  return graph;
}

}  // namespace tamp
