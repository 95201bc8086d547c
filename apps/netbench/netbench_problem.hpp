// Netbench as a tamp::app::Problem: the phases of the benchmark on the job's machine, their task graph (what
// the mappers place) and the runs.
#pragma once
#include <string>
#include <vector>

#include "netbench_spec.hpp"
#include "phases.hpp"
#include "tamp/app/problem.hpp"
#include "tamp/app/topology.hpp"

namespace tamp::netbench {

class NetbenchProblem final : public app::Problem {
 public:
  /// Builds the phases on layout.job (throws std::invalid_argument when the machine cannot hold them).
  NetbenchProblem(NetbenchSpec spec, const app::JobLayout& layout, std::uint64_t seed);

  const TaskGraph& task_graph() const override { return graph_; }
  nlohmann::json params() const override;
  std::string summary() const override;
  // The harness runs the warm-up passes first; the run records only the passes after them.
  int warmup() const override { return spec_.warmup; }
  int iterations() const override { return spec_.iterations; }
  // The graph is every stream of a pass at once; the run sends them in turn (ping-pongs, pairs between
  // barriers), so its communication is not the graph's predicted time.
  bool predicts_comm_time() const override { return false; }
  std::unique_ptr<app::Run> start(const app::RunContext& context) const override;

  const std::vector<Phase>& phases() const { return phases_; }

 private:
  NetbenchSpec spec_;
  std::vector<Phase> phases_;
  TaskGraph graph_;
};

}  // namespace tamp::netbench
