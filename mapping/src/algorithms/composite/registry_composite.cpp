// The composite mappers of the registry.
#include "algorithms/composite/composite.hpp"
#include "algorithms/impl/families.hpp"

namespace tamp::impl {

std::vector<MapperInfo> composite_mappers() {
  return {
      {"auto",
       "detect the pattern, run every applicable algorithm, keep the best by the objective, refine it",
       map_auto_mapping},
  };
}

std::vector<RefinerInfo> refiners() {
  return {
      {"refine",
       "pairwise swaps (PAIRS / Kernighan-Lin passes) lowering hop-bytes, or congestion then hop-bytes",
       refine_mapping},
  };
}

}  // namespace tamp::impl
