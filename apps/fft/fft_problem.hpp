// The FFT as a tamp::app::Problem: the process grid's task graph (what the mappers place) and its runs.
#pragma once
#include <memory>
#include <string>

#include "fft_graph.hpp"
#include "fft_run.hpp"
#include "fft_spec.hpp"
#include "tamp/app/problem.hpp"

namespace tamp::fft {

class FftProblem final : public app::Problem {
 public:
  FftProblem(FftSpec spec, std::string backend);

  const TaskGraph& task_graph() const override { return graphs_->all; }
  nlohmann::json params() const override;
  std::string summary() const override;
  int warmup() const override { return spec_.warmup; }
  int iterations() const override { return spec_.iterations; }
  std::unique_ptr<app::Run> start(const app::RunContext& context) const override;
  std::vector<SetupModel::Call> start_calls() const override;
  std::vector<std::string> compute_kinds() const override { return {"copy", "fft"}; }
  /// The transposes' rounds step by step: a task whose pair of a round is done goes on to its next round (the
  /// pairwise all-to-all the simulated MPI runs), which added-up rounds would charge the slowest pair each.
  /// Blocking transposes also give each task's FFTs and copies before each transpose and after the last
  /// (blocking_step_work); overlapped ones their rounds only (the engine has no tiles in flight).
  StepWork step_work() const override;

 private:
  FftSpec spec_;
  std::string backend_;
  std::shared_ptr<const FftGraphs> graphs_;  // one per simulated job (app::shared_object)
};

}  // namespace tamp::fft
