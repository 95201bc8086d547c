// The irregular mappers of the registry.
#include "algorithms/impl/families.hpp"

namespace tamp::impl {

std::vector<MapperInfo> irregular_mappers() { return {}; }

}  // namespace tamp::impl
