// MiniGhost-style results (its results.yaml keys), one YAML document per run appended to --yaml FILE.
#pragma once
#include <string>
#include <vector>

#include "halo_spec.hpp"

namespace tamp::halo {

struct MinAvgMax {
  double min = 0, avg = 0, max = 0;
};

struct YamlResults {
  int processes = 0;
  int threads = 1;
  int num_sum_grid = 0;
  double total_time = 0;  // timed steps, max over ranks
  MinAvgMax comp_time;    // stencil sweeps
  MinAvgMax bc_time;      // boundary flux
  MinAvgMax comm_time;    // boundary exchange
  MinAvgMax sum_time;     // grid sums (local sums and MPI_Allreduce)
  double flops = 0;
  double sums = 0;
  double divides = 0;
  long long messages = 0;            // sent per run, all ranks
  double bytes = 0;                  // sent per run, all ranks
  std::vector<double> grid_sums;     // final, per variable (empty when not verified)
  std::vector<double> source_total;  // injected heat per variable
  std::string verification;          // "passed", "failed", "skipped"
};

/// Appends one document ("---" first) to `path`; throws std::runtime_error when it cannot be written.
void append_yaml(const std::string& path, const HaloSpec& spec, const YamlResults& results);

}  // namespace tamp::halo
