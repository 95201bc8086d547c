#include <cmath>
#include <ostream>
#include <stdexcept>
#include <string>

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
  return os << "delta " << options.delta << ", quantum " << options.quantum << " s";
}

void validate(const FlowOptions& options) {
  const auto check = [](double v, const char* what) {
    if (!std::isfinite(v) || v < 0 || v > 1)
      throw std::invalid_argument(std::string("flow engine ") + what + ": " + std::to_string(v) +
                                  " is not in [0, 1]");
  };
  check(options.delta, "delta");
  check(options.quantum, "quantum");
}

}  // namespace tamp
