// The MiniGhost deck as a tamp::app::Problem: its task graph (what the mappers place) and its runs.
// [Deveci14]'s Group ordering is the mapping module's `group`.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "halo_sources.hpp"
#include "halo_spec.hpp"
#include "tamp/app/problem.hpp"

namespace tamp::halo {

class HaloProblem final : public app::Problem {
 public:
  HaloProblem(HaloSpec spec, std::string backend);

  const TaskGraph& task_graph() const override { return *graph_; }
  nlohmann::json params() const override;
  std::string summary() const override;
  int warmup() const override { return 0; }  // every step counts: MiniGhost times them all
  int iterations() const override { return spec_.steps(); }
  std::unique_ptr<app::Run> start(const app::RunContext& context) const override;
  std::vector<std::string> compute_kinds() const override { return {"cell_point", "flux", "sum"}; }
  /// Every variable's sweep and boundary flux, then its local sum before its grid sum (the order of
  /// iterate()): before each grid sum when every variable is summed, spread over the sums otherwise.
  StepWork step_work() const override;

  const HaloSpec& spec() const { return spec_; }

 private:
  HaloSpec spec_;
  std::string backend_;
  Sources sources_;
  std::string graph_spec_;                  // halo_graph_spec: the graph's generator line, params.graph
  std::shared_ptr<const TaskGraph> graph_;  // one per process (tamp/app/shared_graph.hpp)
};

}  // namespace tamp::halo
