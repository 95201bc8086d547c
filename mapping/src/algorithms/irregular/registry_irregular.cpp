// The irregular mappers of the registry: node-level algorithms, made multi-core aware by two_level, and
// multisection, which fills slots itself.
#include "algorithms/impl/families.hpp"
#include "algorithms/impl/two_level.hpp"
#include "algorithms/irregular/irregular.hpp"

namespace tamp::impl {

std::vector<MapperInfo> irregular_mappers() {
  return {
      {"bft", "breadth-first traversal, each task next to its parent (Bhatele Alg. 10.2)",
       two_level<map_bft>},
      {"mht", "max-heap traversal: most mapped neighbours first, near their centroid (Bhatele 10.2)",
       two_level<map_mht>},
      {"coce-bft", "corner tasks (by coordinates) on the box corners, then breadth-first (Bhatele COCE)",
       two_level<map_coce_bft>},
      {"coce-mht",
       "corner tasks (by coordinates) on the box corners, then max-heap traversal (Bhatele COCE+MHT)",
       two_level<map_coce_mht>},
      {"affn-coords", "task coordinates scaled onto the node box, findNearest on hits (Bhatele Alg. 10.3)",
       two_level<map_affn_coords>},
      {"greedy", "heaviest-connected task next, on the nearby node of least bytes x hops (LibTopoMap)",
       two_level<map_greedy>},
      {"rcm", "reverse Cuthill-McKee order of the tasks onto that of the nodes (LibTopoMap)",
       two_level<map_rcm>},
      {"rb", "recursive bisection of task graph (graph growing + FM) and machine together (LibTopoMap)",
       two_level<map_rb>},
      {"multisection",
       "tasks split top-down along the switch levels, each level by recursive bisection, then its pairs of "
       "shares refined (KaHIP's global multisection); fat trees",
       map_multisection},
      {"multisection-bisect", "multisection without the pairs' refinement: each level by recursive bisection alone",
       map_multisection_bisect},
  };
}

}  // namespace tamp::impl
