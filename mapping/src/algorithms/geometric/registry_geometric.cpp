// The geometric mappers of the registry.
#include "algorithms/impl/families.hpp"

namespace tamp::impl {

std::vector<MapperInfo> geometric_mappers() { return {}; }

}  // namespace tamp::impl
