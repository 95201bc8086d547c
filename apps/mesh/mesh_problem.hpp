// The mesh proxy as a tamp::app::Problem: the mesh, its partition into one chunk per rank, the quotient graph
// of the ghost messages (what the mappers place) and the runs.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "decomposition.hpp"
#include "mesh.hpp"
#include "mesh_spec.hpp"
#include "tamp/app/problem.hpp"

namespace tamp::mesh {

/// What a problem builds from its spec and rank count, identical on every rank: shared by the ranks of a
/// simulated job (app::shared_object), so that P ranks do not generate and partition the whole mesh P times.
struct MeshModel {
  MeshModel(const MeshSpec& spec, int ranks);
  Mesh mesh;
  ElementGraph graph;
  Decomposition dec;
  double dt = 0;
  TaskGraph task_graph;
  // The serial reference per step count (MeshProblem::reference): filled on demand, which under SMPI happens
  // between two MPI calls, when no other rank runs.
  mutable std::map<int, std::vector<double>> reference;
};

class MeshProblem final : public app::Problem {
 public:
  /// Generates or reads the mesh, checks it, partitions it into `ranks` chunks and builds the task graph.
  /// Identical on every rank, no communication. Throws on bad input (file:line or element named).
  MeshProblem(MeshSpec spec, int ranks, std::string backend);

  const TaskGraph& task_graph() const override { return model_->task_graph; }
  nlohmann::json params() const override;
  /// The `tamp-map gen` line of this task graph (generated mesh cut by rcb), else null: params.graph.
  nlohmann::json graph_spec() const;
  std::string summary() const override;
  int warmup() const override { return spec_.warmup; }
  int iterations() const override { return spec_.iterations; }
  std::unique_ptr<app::Run> start(const app::RunContext& context) const override;
  std::vector<std::string> compute_kinds() const override { return {"element", "node"}; }
  /// Each chunk's interior elements while the ghosts travel, its boundary elements and owned nodes after
  /// (mesh_run.cpp): chunks differ in size, so the prediction follows the steps.
  StepWork step_work() const override;

  const Mesh& mesh() const { return model_->mesh; }
  const Decomposition& decomposition() const { return model_->dec; }
  double time_step() const { return model_->dt; }
  /// The temperatures of every node after `steps` steps of a serial run (one chunk holding the whole mesh,
  /// the same arithmetic in the same order); computed once per step count and kept.
  const std::vector<double>& reference(int steps) const;

 private:
  MeshSpec spec_;
  std::string backend_;
  std::shared_ptr<const MeshModel> model_;
};

}  // namespace tamp::mesh
