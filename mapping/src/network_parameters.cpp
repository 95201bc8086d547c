// Network parameters (printing, validation, the bandwidth of the fastest link) and Machine's members that are
// not a model's: its network parameters and the answers of a machine that machine files cannot describe.
#include "tamp/network_parameters.hpp"

#include <ostream>
#include <stdexcept>
#include <string>

#include "tamp/machine.hpp"

namespace tamp {

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
