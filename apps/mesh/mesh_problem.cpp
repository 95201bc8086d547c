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

namespace tamp::mesh {
namespace {

Mesh load_mesh(const MeshSpec& spec) {
  Mesh mesh =
      spec.generated() ? generate_mesh(spec.dims, spec.elements, spec.mesh_seed) : read_msh(spec.mesh);
  check_mesh(mesh);
  return mesh;
}

}  // namespace

MeshProblem::MeshProblem(MeshSpec spec, int ranks, std::string backend)
    : spec_(std::move(spec)), backend_(std::move(backend)), mesh_(load_mesh(spec_)) {
  if (mesh_.num_cells() < ranks) {
    throw std::invalid_argument(
        fmt::format("the mesh ({}) has {} elements, fewer than the {} ranks (one chunk per rank)",
                    mesh_.source, mesh_.num_cells(), ranks));
  }
  graph_ = element_graph(mesh_);
  dec_ = decompose(mesh_, graph_,
                   partition_elements(mesh_, graph_, ranks, spec_.partitioner, spec_.partition_seed), ranks);
  dt_ = stable_time_step(mesh_, dec_, spec_.cfl);
  task_graph_ = quotient_graph(mesh_, dec_);
}

nlohmann::json MeshProblem::params() const {
  const PartitionQuality& q = dec_.quality;
  return {{"mesh", mesh_.source},
          {"dims", mesh_.dim},
          {"elements", mesh_.num_cells()},
          {"nodes", mesh_.num_nodes()},
          {"partitioner", spec_.partitioner},
          {"chunks", dec_.parts},
          {"imbalance", q.imbalance},
          {"edge_cut", q.edge_cut},
          {"neighbours", {{"min", q.min_neighbours}, {"mean", q.mean_neighbours}, {"max", q.max_neighbours}}},
          {"halo_bytes", q.halo_bytes},
          {"dt", dt_},
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
  return fmt::format("mesh:{}d,parts={},cells={},seed={}", mesh_.dim, dec_.parts, spec_.elements,
                     spec_.mesh_seed);
}

std::string MeshProblem::summary() const {
  const PartitionQuality& q = dec_.quality;
  return fmt::format(
      "{}D heat conduction on {} {} ({} nodes, {}), {} into {} chunks, {} iterations + {} warm-up, dt "
      "{:.4g}\n"
      "  partition: imbalance {:.3f} ({}-{} elements per chunk), edge cut {} faces, {}-{} neighbours per "
      "chunk "
      "(mean {:.2f}), {:.4g} bytes of ghost messages per step",
      mesh_.dim, mesh_.num_cells(), mesh_.dim == 2 ? "triangles" : "tetrahedra", mesh_.num_nodes(),
      mesh_.source, spec_.partitioner, dec_.parts, spec_.iterations, spec_.warmup, dt_, q.imbalance,
      q.min_elements, q.max_elements, q.edge_cut, q.min_neighbours, q.max_neighbours, q.mean_neighbours,
      q.halo_bytes);
}

app::Problem::StepWork MeshProblem::step_work() const {
  StepWork work;
  auto& interior = work.hidden["element"];
  auto& boundary = work.after["element"];
  auto& nodes = work.after["node"];
  for (int c = 0; c < dec_.parts; ++c) {
    interior.push_back(dec_.interior[c]);
    boundary.push_back(dec_.computed[c] - dec_.interior[c]);
    nodes.push_back(dec_.owned[c]);
  }
  return work;
}

std::unique_ptr<app::Run> MeshProblem::start(const app::RunContext& context) const {
  // Building the chunk is local: agree on failures (memory) before the first ghost exchange.
  return app::collectively(context.comm, [&] { return make_mesh_run(*this, context); });
}

const std::vector<double>& MeshProblem::reference(int steps) const {
  auto it = reference_.find(steps);
  if (it != reference_.end()) return it->second;
  const Decomposition whole =
      decompose(mesh_, graph_, std::vector<int>(static_cast<std::size_t>(mesh_.num_cells()), 0), 1);
  const Chunk chunk = make_chunk(mesh_, whole, 0, dt_);
  std::vector<double> u(chunk.nodes.size()), next(u.size());
  std::vector<double> contribution(chunk.conn.size());
  for (std::size_t k = 0; k < u.size(); ++k) u[k] = initial_temperature(chunk.nodes[k]);
  for (int s = 0; s < steps; ++s) {
    element_loop(app::OpenMPTag{}, chunk, 0, chunk.num_elements(), u.data(), contribution.data());
    node_loop(app::OpenMPTag{}, chunk, u.data(), contribution.data(), next.data());
    std::swap(u, next);
  }
  std::vector<double> by_node(static_cast<std::size_t>(mesh_.num_nodes()), 0.0);
  for (std::size_t k = 0; k < u.size(); ++k) by_node[chunk.nodes[k]] = u[k];
  return reference_.emplace(steps, std::move(by_node)).first->second;
}

}  // namespace tamp::mesh
