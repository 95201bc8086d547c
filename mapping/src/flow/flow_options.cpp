#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/flow.hpp"

namespace tamp {

FlowSharing parse_flow_sharing(const std::string& name) {
  if (name == "latency") return FlowSharing::latency;
  if (name == "equal") return FlowSharing::equal;
  throw std::invalid_argument("flow sharing '" + name + "': expected latency or equal");
}

const char* to_string(FlowSharing sharing) {
  return sharing == FlowSharing::latency ? "latency" : "equal";
}

std::ostream& operator<<(std::ostream& os, const FlowOptions& options) {
  os << to_string(options.sharing) << " sharing, ";
  if (options.exact()) return os << "exact";
  return os << "delta " << options.delta << ", quantum " << options.quantum << " s, changes " << options.changes;
}

void validate(const FlowOptions& options) {
  check_range(options.delta, kFlowWindowRange, "flow engine delta");
  check_range(options.quantum, kFlowWindowRange, "flow engine quantum");
  check_range(options.changes, kFlowWindowRange, "flow engine changes");
  if (options.work_limit < 0) throw std::invalid_argument("flow engine work limit: must be 0 (none) or positive");
}

}  // namespace tamp
