// The report of one run: a human table (rank 0) and one JSON object per run (docs/user-guide.md, JSON Lines).
// No MPI: the harness reduces the times first (reduce_stats.hpp).
#pragma once
#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tamp/app/stats.hpp"
#include "tamp/app/verification.hpp"
#include "tamp/metrics.hpp"

namespace tamp::app {

/// Which topology source the run used and the allocation it ran on (docs/discovery.md, "The report"); filled
/// by allocation_report() (tamp/app/topology.hpp).
struct AllocationReport {
  std::string source;               // the source that produced the job layout: synthetic, file, slurm, ...
  std::string summary;              // one line, e.g. "slurm: 8 ranks on nodes 0-3 (nid001, ...)"
  std::string note;                 // e.g. the hwloc fallback, or empty
  std::vector<int> nodes;           // machine node ids of the job's nodes, in allocation order
  std::vector<std::string> hosts;   // host name of each ("" when the source has none)
  std::vector<int> ranks_per_node;  // ranks on each
};

struct RunReport {
  std::string app;      // "stencil"
  std::string engine;   // what produced the times: "mpi", "simgrid" (the smpicxx build) or "flow"
  std::string mapping;  // the spec it ran with: a registry name or file:PATH
  int ranks = 0;
  int threads = 0;
  std::string backend;
  std::string machine;          // Machine::describe()
  std::string topology_source;  // the --topology value
  AllocationReport allocation;  // the source it resolved to and the job's nodes
  VerificationStatus verification = VerificationStatus::skipped;
  double error = 0;  // verification error (max over ranks) and its tolerance
  double tolerance = 0;
  std::string note;
  int iterations = 0;  // timed iterations (warm-up excluded)
  Stats total;         // per-rank seconds of the timed loop
  Stats compute;
  Stats comm;                                         // exchange + collective
  Stats exchange;                                     // point-to-point messages
  Stats collective;                                   // collective operations
  Stats per_iteration;                                // per-rank total / iterations
  Metrics metrics;                                    // of the placement, on the job's allocation
  // metrics.predicted_comm_time stands for the run's communication (Problem::predicts_comm_time)
  bool prediction_comparable = true;
  nlohmann::json params = nlohmann::json::object();   // the app's problem (sizes, grid, ...)
  nlohmann::json results = nlohmann::json::object();  // the app's figures (rates, ...)
  std::string rate_line;                   // the app's rate line, printed under the verification line
  std::string compute_model = "measured";  // ComputeModel::spec() of the run
  bool skeleton = false;
  std::map<std::string, double> calibration;  // --compute-model calibrate: seconds per unit of each kind

  bool verified() const { return verification == VerificationStatus::passed; }
};

/// Communication per timed step, as the placement's prediction gives it (Metrics::predicted_comm_time, the
/// model of the run's engine or machine) and as the run measured it (the slowest rank's communication over
/// the timed iterations), side by side: NaN where there is none (no prediction made or none comparable, no
/// timed iteration).
struct CommPerStep {
  double predicted;
  double measured;
};
CommPerStep comm_per_step(const RunReport& report);

/// The object of docs/user-guide.md ("JSON Lines") plus time_stats, iterations, params, results, verification
/// details.
nlohmann::json to_json(const RunReport& report);
/// Appends to_json(report) as one line; throws std::runtime_error when the file cannot be written.
void append_json_line(const std::string& path, const RunReport& report);
/// Throws std::runtime_error unless `path` can be opened for appending (checked before the runs).
void check_json_writable(const std::string& path);

/// The `compute KIND=SECONDS ...` line of a deck (docs/measuring-gains.md) for a calibration.
std::string compute_deck_line(const std::map<std::string, double>& calibration);

/// The per-run table.
void print_run(std::ostream& os, const RunReport& report);
/// One row per placement with time and hop-bytes relative to the first.
void print_comparison(std::ostream& os, const std::vector<RunReport>& reports);

}  // namespace tamp::app
