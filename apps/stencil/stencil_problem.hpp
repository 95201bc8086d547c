// The stencil as a tamp::app::Problem: its task graph (what the mappers place) and its runs.
#pragma once
#include <memory>
#include <string>

#include "stencil_spec.hpp"
#include "tamp/app/problem.hpp"

namespace tamp::stencil {

class StencilProblem final : public app::Problem {
 public:
  /// Builds the task graph from its generator line (params.graph): the `stencil2d:` or `stencil3d:` graph of
  /// {procs, points, local, periodic, 8 bytes per cell}.
  StencilProblem(StencilSpec spec, std::string backend);

  const TaskGraph& task_graph() const override { return *graph_; }
  nlohmann::json params() const override;
  std::string summary() const override;
  int warmup() const override { return spec_.warmup; }
  int iterations() const override { return spec_.iterations; }
  std::unique_ptr<app::Run> start(const app::RunContext& context) const override;
  std::vector<std::string> compute_kinds() const override { return {"cell"}; }
  /// The interior sweep of every block (stencil_run.cpp posts the halo before it and waits after it).
  StepWork step_work() const override;

  const StencilSpec& spec() const { return spec_; }

 private:
  StencilSpec spec_;
  std::string backend_;
  std::string graph_spec_;                  // the generator line of the task graph
  std::shared_ptr<const TaskGraph> graph_;  // one per process (tamp/app/shared_graph.hpp)
};

}  // namespace tamp::stencil
