// The algorithm families; each lists its own mappers, mapper.cpp puts the lists together.
#pragma once
#include <vector>

#include "tamp/mapper.hpp"

namespace tamp::impl {

std::vector<MapperInfo> regular_mappers();     // regular/registry_regular.cpp: mxovlp, mxoval, exco, coce, affn, ...
std::vector<MapperInfo> irregular_mappers();   // irregular/registry_irregular.cpp: bft, mht, coce-mht, greedy, ...
std::vector<MapperInfo> geometric_mappers();   // geometric/registry_geometric.cpp: geom, geom-r, geom-rs
std::vector<MapperInfo> composite_mappers();   // composite/registry_composite.cpp: auto
std::vector<RefinerInfo> refiners();           // composite/registry_composite.cpp: refine

}  // namespace tamp::impl
