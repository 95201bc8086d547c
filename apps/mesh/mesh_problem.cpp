// Mesh, partition, task graph, report parameters and the serial reference of the mesh problem.
#include "mesh_problem.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "chunk.hpp"
#include "heat.hpp"
#include "heat_kernel.hpp"
#include "mesh_run.hpp"
#include "msh_reader.hpp"
#include "partition.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/shared_graph.hpp"

namespace tamp::mesh {
namespace {

Mesh load_mesh(const MeshSpec& spec) {
  Mesh mesh =
      spec.generated() ? generate_mesh(spec.dims, spec.elements, spec.mesh_seed) : read_msh(spec.mesh);
  check_mesh(mesh);
  return mesh;
}

}  // namespace

MeshModel::MeshModel(const MeshSpec& spec, int ranks) : mesh(load_mesh(spec)) {
  if (mesh.num_cells() < ranks) {
    throw std::invalid_argument(
        fmt::format("the mesh ({}) has {} elements, fewer than the {} ranks (one chunk per rank)",
                    mesh.source, mesh.num_cells(), ranks));
  }
  graph = element_graph(mesh);
  dec = decompose(mesh, graph, partition_elements(mesh, graph, ranks, spec.partitioner, spec.partition_seed),
                  ranks);
  dt = stable_time_step(mesh, dec, spec.cfl);
  task_graph = quotient_graph(mesh, dec);
}

MeshProblem::MeshProblem(MeshSpec spec, int ranks, std::string backend)
    : spec_(std::move(spec)), backend_(std::move(backend)) {
  // Everything the model depends on; %a keeps the CFL number exact.
  const std::string key =
      fmt::format("mesh-model:{}|{}|{}|{}|{}|{}|{:a}|{}", spec_.mesh, spec_.dims, spec_.elements, spec_.mesh_seed,
                  spec_.partitioner, spec_.partition_seed, spec_.cfl, ranks);
  model_ = app::shared_object<MeshModel>(key, [&] { return MeshModel(spec_, ranks); });
}

nlohmann::json MeshProblem::params() const {
  const PartitionQuality& q = model_->dec.quality;
  return {{"mesh", model_->mesh.source},
          {"dims", model_->mesh.dim},
          {"elements", model_->mesh.num_cells()},
          {"nodes", model_->mesh.num_nodes()},
          {"partitioner", spec_.partitioner},
          {"chunks", model_->dec.parts},
          {"imbalance", q.imbalance},
          {"edge_cut", q.edge_cut},
          {"neighbours", {{"min", q.min_neighbours}, {"mean", q.mean_neighbours}, {"max", q.max_neighbours}}},
          {"halo_bytes", q.halo_bytes},
          {"dt", model_->dt},
          {"cfl", spec_.cfl},
          {"iterations", spec_.iterations},
          {"warmup", spec_.warmup},
          {"backend", backend_},
          {"graph", graph_spec()}};
}

nlohmann::json MeshProblem::graph_spec() const {
  // Generated and cut by RCB: the library's `mesh:` generator makes this very graph (same mesh, partition and
  // ghost messages). METIS and Scotch partitions and file meshes have no generator line.
  if (!spec_.generated() || spec_.partitioner != "rcb") return nullptr;
  return fmt::format("mesh:{}d,parts={},cells={},seed={}", model_->mesh.dim, model_->dec.parts, spec_.elements,
                     spec_.mesh_seed);
}

std::string MeshProblem::summary() const {
  const PartitionQuality& q = model_->dec.quality;
  return fmt::format(
      "{}D heat conduction on {} {} ({} nodes, {}), {} into {} chunks, {} iterations + {} warm-up, dt "
      "{:.4g}\n"
      "  partition: imbalance {:.3f} ({}-{} elements per chunk), edge cut {} faces, {}-{} neighbours per "
      "chunk "
      "(mean {:.2f}), {:.4g} bytes of ghost messages per step",
      model_->mesh.dim, model_->mesh.num_cells(), model_->mesh.dim == 2 ? "triangles" : "tetrahedra", model_->mesh.num_nodes(),
      model_->mesh.source, spec_.partitioner, model_->dec.parts, spec_.iterations, spec_.warmup, model_->dt, q.imbalance,
      q.min_elements, q.max_elements, q.edge_cut, q.min_neighbours, q.max_neighbours, q.mean_neighbours,
      q.halo_bytes);
}

app::Problem::StepWork MeshProblem::step_work() const {
  StepWork work;
  auto& interior = work.hidden["element"];
  auto& boundary = work.after["element"];
  auto& nodes = work.after["node"];
  for (int c = 0; c < model_->dec.parts; ++c) {
    interior.push_back(model_->dec.interior[c]);
    boundary.push_back(model_->dec.computed[c] - model_->dec.interior[c]);
    nodes.push_back(model_->dec.owned[c]);
  }
  return work;
}

std::unique_ptr<app::Run> MeshProblem::start(const app::RunContext& context) const {
  // Building the chunk is local: agree on failures (memory) before the first ghost exchange.
  return app::collectively(context.comm, [&] { return make_mesh_run(*this, context); });
}

const std::vector<double>& MeshProblem::reference(int steps) const {
  auto it = model_->reference.find(steps);
  if (it != model_->reference.end()) return it->second;
  const Decomposition whole =
      decompose(model_->mesh, model_->graph, std::vector<int>(static_cast<std::size_t>(model_->mesh.num_cells()), 0), 1);
  const Chunk chunk = make_chunk(model_->mesh, whole, 0, model_->dt);
  std::vector<double> u(chunk.nodes.size()), next(u.size());
  std::vector<double> contribution(chunk.conn.size());
  for (std::size_t k = 0; k < u.size(); ++k) u[k] = initial_temperature(chunk.nodes[k]);
  for (int s = 0; s < steps; ++s) {
    element_loop(app::OpenMPTag{}, chunk, 0, chunk.num_elements(), u.data(), contribution.data());
    node_loop(app::OpenMPTag{}, chunk, u.data(), contribution.data(), next.data());
    std::swap(u, next);
  }
  std::vector<double> by_node(static_cast<std::size_t>(model_->mesh.num_nodes()), 0.0);
  for (std::size_t k = 0; k < u.size(); ++k) by_node[chunk.nodes[k]] = u[k];
  return model_->reference.emplace(steps, std::move(by_node)).first->second;
}

}  // namespace tamp::mesh
