// The regular mappers of the registry.
#include "algorithms/impl/families.hpp"

namespace tamp::impl {

std::vector<MapperInfo> regular_mappers() { return {}; }

}  // namespace tamp::impl
