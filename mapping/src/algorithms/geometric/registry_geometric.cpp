// The geometric mappers of the registry ([Deveci14]). They run at the level of cores, as the paper does
// (cores carry their router's coordinates, ties keep a node's cores together), so they are not simply wrapped
// in two_level<>; geom-r and geom-rs also try the node-level form (geom_levels.cpp,
// docs/algorithms/geometric.md).
#include "algorithms/geometric/geometric.hpp"
#include "algorithms/impl/families.hpp"

namespace tamp::impl {

std::vector<MapperInfo> geometric_mappers() {
  return {
      {"geom", "geometric (MJ/RCB of tasks and cores), one axis order by aspect ratio", map_geom},
      {"geom-r",
       "geometric, every task x machine axis order (on cores and on node blocks), best by the objective",
       map_geom_r},
      {"geom-rs", "geom-r on torus-shifted machine coordinates (largest gap as the wrap-around)",
       map_geom_rs},
  };
}

}  // namespace tamp::impl
