// The physical figures of a network that hop counts do not give: bandwidths, latencies, per-message cost.
// One struct, read by the predicted communication time of evaluate() and by the defaults of the SimGrid
// platform generator, so that the model and the simulated machine cannot drift apart (docs/machines.md).
#pragma once
#include <iosfwd>

#include "tamp/error.hpp"

namespace tamp {

class Machine;

/// The physical figures TAMP accepts (docs/file-formats.md, "Common rules and errors"), checked with
/// check_range() wherever one enters: machine files, inline machine specs, tamp-map's options, the platform
/// description. A figure outside them (a bandwidth of 1e-300 B/s, a latency of 1e308 s) is no machine, and
/// SimGrid dies on it. Bandwidths: every link, injection and loopback bandwidth; overhead: the software cost
/// of one message; host speed: a core of the simulated platform.
inline constexpr ValueRange kBandwidthRange{1, 1e15, "bytes/s"};
inline constexpr ValueRange kLatencyRange{0, 1, "s"};
inline constexpr ValueRange kOverheadRange{0, 1, "s"};
inline constexpr ValueRange kHostSpeedRange{1, 1e18, "flop/s"};

/// Defaults are Cray Gemini-like and equal to the links of `tamp-map platform` (docs/simulation.md).
struct NetworkParameters {
  double link_bandwidth = 9.4e9;     // bytes/s of the fastest network link (a torus's link_bandwidth wins)
  double link_latency = 1e-7;        // s per router-to-router link
  double injection_bandwidth = 6e9;  // bytes/s node <-> its router, each direction
  double injection_latency = 5e-7;   // s node <-> its router
  double loopback_bandwidth = 2e10;  // bytes/s between tasks of one node
  double loopback_latency = 1e-7;    // s between tasks of one node
  double message_overhead = 1e-6;    // s of software cost per message sent (MPI send path, matching)
};
std::ostream& operator<<(std::ostream& os, const NetworkParameters& parameters);

/// Bytes every point-to-point message carries besides its payload: MPI's envelope (tag, source,
/// communicator). SMPI sends a message of size + 16 (SimGrid 3.32, smpi_request.cpp), and Open MPI's ob1
/// match header is 16 bytes too. The predicted time and the flow engine charge it on the wire; hop-bytes and
/// link loads, which describe the task graph, do not (docs/simulation.md, "The MPI envelope").
inline constexpr double kEnvelopeBytes = 16;
/// The bytes a message of `payload` bytes puts on the wire.
inline constexpr double wire_bytes(double payload) {
  return payload + kEnvelopeBytes;
}

/// Throws std::invalid_argument unless every figure is inside its range above (check_range).
void validate(const NetworkParameters& parameters);

/// Bytes/s of the fastest link of `machine`: the largest of a torus's per-dimension link_bandwidth when the
/// machine file gave them, else machine.network().link_bandwidth (the rule of the platform generator). Link l
/// carries fastest_link_bandwidth(machine) * machine.link_capacity(l).
double fastest_link_bandwidth(const Machine& machine);

}  // namespace tamp
