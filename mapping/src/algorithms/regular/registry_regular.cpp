// The regular mappers of the registry ([Bhatele10] ch. 9), in the order of docs/mapping.md. Each is a
// node-level algorithm run by impl/two_level.hpp, so multi-core nodes are handled by grouping tasks into
// node-sized blocks first. `stack` and `fold` try several block shapes: [Bhatele10] folds ranks onto cores,
// and a block of c x 1 tasks is its processor mesh with the core index merged into a machine dimension.
#include "algorithms/impl/families.hpp"
#include "algorithms/impl/two_level.hpp"
#include "algorithms/regular/regular.hpp"
#include "algorithms/regular/regular_embeddings.hpp"

namespace tamp::impl {

std::vector<MapperInfo> regular_mappers() {
  return {
      {"mxovlp", "maximum overlap ([Bhatele10] Alg. 9.1): 2D task grid onto a 2D box of nodes",
       two_level<mxovlp_nodes>},
      {"mxoval", "maximum overlap re-aligning the longer sides at every step (MXOV+AL)",
       two_level<mxoval_nodes>},
      {"exco",
       "expand from corner ([Bhatele10] Alg. 9.2): grid and nodes walked from a corner by findNearest",
       two_level<exco_nodes>},
      {"coce", "corners to centre: EXCO fronts from every corner of the grid, taking turns",
       two_level<coce_nodes>},
      {"affn",
       "affine stretch of the task grid onto the box of nodes (Eq. 9.1/9.2), collisions by findNearest",
       two_level<affn_nodes>},
      {"step", "step embedding: rows of the 2D task grid laid in steps across a 2D box",
       two_level<step_nodes>},
      {"stack", "2D task grid cut along its long side, pieces stacked on the planes of a 3D box",
       two_level_tilings<stack_nodes>},
      {"fold", "2D task grid folded like an accordion onto the planes of a 3D box",
       two_level_tilings<fold_nodes>},
      {"hilbert", "generalised Hilbert curve over the task grid and over the nodes, i-th onto i-th",
       two_level<hilbert_nodes>},
  };
}

}  // namespace tamp::impl
