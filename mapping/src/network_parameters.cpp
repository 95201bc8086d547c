// Network parameters (printing, validation, the bandwidth of the fastest link) and Machine's members that are
// not a model's: its network parameters and the answers of a machine that machine files cannot describe.
#include "tamp/network_parameters.hpp"

#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

#include "tamp/machine.hpp"

namespace tamp {
namespace {
constexpr double kLevelDistanceMax = 1e9;  // keeps bytes x distance summed over a large graph finite and exact
}  // namespace

std::ostream& operator<<(std::ostream& os, const NetworkParameters& p) {
  return os << "link " << p.link_bandwidth << " B/s " << p.link_latency << " s/hop, injection "
            << p.injection_bandwidth << " B/s " << p.injection_latency << " s, loopback "
            << p.loopback_bandwidth << " B/s " << p.loopback_latency << " s, message overhead "
            << p.message_overhead << " s";
}

void validate(const NetworkParameters& p) {
  const auto check = [](double v, const ValueRange& range, const char* name) {
    check_range(v, range, std::string("network parameters: ") + name);
  };
  check(p.link_bandwidth, kBandwidthRange, "link_bandwidth");
  check(p.injection_bandwidth, kBandwidthRange, "injection_bandwidth");
  check(p.loopback_bandwidth, kBandwidthRange, "loopback_bandwidth");
  check(p.link_latency, kLatencyRange, "link_latency");
  check(p.injection_latency, kLatencyRange, "injection_latency");
  check(p.loopback_latency, kLatencyRange, "loopback_latency");
  check(p.message_overhead, kOverheadRange, "message_overhead");
}

void Machine::set_network(const NetworkParameters& parameters) {
  validate(parameters);
  network_ = parameters;
}

void Machine::set_level_distances(std::vector<double> distances) {
  const int wanted = num_distance_levels();
  if (wanted == 0) throw std::invalid_argument("level_distances: a " + kind() + " machine has no levels");
  if (static_cast<int>(distances.size()) != wanted)
    throw std::invalid_argument("level_distances: " + std::to_string(wanted) + " values wanted (one node, then " +
                                std::to_string(wanted - 1) + " switch levels), got " +
                                std::to_string(distances.size()));
  for (std::size_t l = 0; l < distances.size(); ++l) {
    if (!(distances[l] > 0 && distances[l] <= kLevelDistanceMax))
      throw std::invalid_argument("level_distances: " + std::to_string(distances[l]) + " is not in (0, 1e9]");
    if (l > 0 && distances[l] < distances[l - 1])
      throw std::invalid_argument("level_distances: a higher level cannot be nearer than a lower one");
  }
  level_distances_ = std::move(distances);
}

double fastest_link_bandwidth(const Machine& machine) {
  return machine.fastest_link_bandwidth();
}

std::vector<int> Machine::coordinate_extents() const {
  throw std::invalid_argument("machine files cannot describe a " + kind() + " machine");
}

int Machine::node_at(const std::vector<int>&, int) const {
  throw std::invalid_argument("machine files cannot describe a " + kind() + " machine");
}

}  // namespace tamp
