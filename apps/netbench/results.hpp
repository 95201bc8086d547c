// The figures of a netbench run (latency per phase and message size, identical on every rank) and how they
// are printed and written to the JSON report.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "netbench_spec.hpp"
#include "tamp/app/run.hpp"

namespace tamp::netbench {

/// Seconds per message of one size, over the tasks that took part (WOCON: over the destinations).
struct SizeResult {
  double mean = 0;
  double min = 0;
  double max = 0;
  std::map<int, double> by_hops;  // WOCON: mean latency of the destinations at each hop count
};

struct PhaseResult {
  std::string name;
  double hops_per_byte = 0;  // of the phase's messages under this placement
  int max_dilation = 0;
  double max_link_streams = 0;    // message streams on the busiest link (all send at once: its sharing)
  std::vector<SizeResult> sizes;  // parallel to NetbenchSpec::sizes
};

/// The printed table (one row per size, one column per phase) and the JSON fields of the run.
app::Rate format_results(const NetbenchSpec& spec, const std::vector<PhaseResult>& phases);

}  // namespace tamp::netbench
