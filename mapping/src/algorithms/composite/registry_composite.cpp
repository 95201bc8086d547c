// The composite mappers of the registry.
#include "algorithms/impl/families.hpp"

namespace tamp::impl {

std::vector<MapperInfo> composite_mappers() { return {}; }

std::vector<RefinerInfo> refiners() { return {}; }

}  // namespace tamp::impl
