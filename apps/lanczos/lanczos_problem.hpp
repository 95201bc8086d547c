// The Lanczos eigensolver as a tamp::app::Problem: its task graph (what the mappers place) and its runs.
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "grid.hpp"
#include "lanczos_spec.hpp"
#include "tamp/app/problem.hpp"

namespace tamp::lanczos {

class LanczosProblem final : public app::Problem {
 public:
  /// Builds the grid of spec.ordering and the task graph of one Lanczos step (generate_graph of
  /// lanczos_graph_spec: SpMV trees and orthogonalisation).
  LanczosProblem(LanczosSpec spec, std::string backend);

  const TaskGraph& task_graph() const override { return *graph_; }
  nlohmann::json params() const override;
  std::string summary() const override;
  int warmup() const override { return spec_.warmup; }
  int iterations() const override { return spec_.iterations; }
  std::unique_ptr<app::Run> start(const app::RunContext& context) const override;
  std::vector<SetupModel::Call> start_calls() const override;
  std::vector<std::string> compute_kinds() const override { return {"nonzero", "tridiagonal", "vector"}; }
  /// The kernels of a step where they run between its collectives (lanczos_run.cpp's iterate()): the SpMV
  /// before the row reduce (each block's own non-zeros, twice for an off-diagonal block, B and B^T: the
  /// uneven work whose waits the reduces see; spmv_nonzeros), the Gram-Schmidt passes before the
  /// orthogonalisation allreduces, the norm and the normalisation before theirs, the tridiagonal solve after
  /// the step. Sizes that grow with the step (the basis) are their mean over the timed steps, as the task
  /// graph's.
  StepWork step_work() const override;
  /// The MFDn orderings ([Aktulga12] Fig. 4) that lay the blocks out like spec.ordering does: dm and cm share
  /// the lower triangle; bdm and bcm each have their own balanced layout.
  std::vector<std::string> app_mappings() const override;
  /// Ordering `name`: the block it gives rank r goes to job slot r (the launcher packs consecutive ranks).
  Mapping app_mapping(const std::string& name, const Allocation& job,
                      const MapOptions& options) const override;

  const LanczosSpec& spec() const { return spec_; }
  const Grid& grid() const { return grid_; }
  const std::vector<std::int64_t>& new_index() const { return new_index_; }

 private:
  LanczosSpec spec_;
  std::string backend_;
  Grid grid_;
  std::string graph_spec_;                  // params.graph
  std::shared_ptr<const TaskGraph> graph_;  // one per process (tamp/app/shared_graph.hpp)
  std::vector<std::int64_t> new_index_;
  // spmv_nonzeros() of the matrix: one pass over it, made when step_work() first asks (rank 0 alone asks, once
  // per placement), not by every rank's constructor.
  mutable std::once_flag spmv_once_;
  mutable std::vector<double> spmv_nonzeros_;
  std::vector<std::pair<std::string, std::vector<int>>> orderings_;  // name, slot of each task
};

}  // namespace tamp::lanczos
