// What every Problem has unless the app says otherwise, and the check of its placements' names.
#include "tamp/app/problem.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace tamp::app {

Mapping Problem::app_mapping(const std::string& name, const Allocation&, const MapOptions&) const {
  throw std::invalid_argument(fmt::format("this app offers no mapping '{}'", name));
}

void check_mapping_names(const std::vector<tamp::Placement>& placements, const Problem& problem) {
  for (const tamp::Placement& placement : placements) placement.check(problem.app_mappings());
}

}  // namespace tamp::app
