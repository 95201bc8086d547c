// MiniGhost's BSPMA face messages, built on the stencil generator (faces only; the halo ring widens them).
#include <string>

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
  return make_stencil_graph(s);
}

}  // namespace tamp
