// tamp-mesh-graph: the task graph tamp-mesh would give the mappers at any part count, without MPI, for
// tamp-map (hop-bytes of every mapper at scales no test machine can run). Same mesh, partitioner, seeds and
// quotient graph as the app: a directed edge list (bytes of one step) and the part centroids beside it.
//
//   tamp-mesh-graph --dims 2 --elements 1000000 --parts 4096 --out simple2d-4096.edges
//   tamp-map compare --graph simple2d-4096.edges --machine torus:16x16x16,cores=1 --algorithms
//   default,bft,geom-rs
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <stdexcept>

#include "decomposition.hpp"
#include "mesh_spec.hpp"
#include "msh_reader.hpp"
#include "partition.hpp"
#include "tamp/error.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/output_file.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"Writes the quotient graph of a partitioned mesh (what tamp-mesh maps) for tamp-map",
               "tamp-mesh-graph"};
  tamp::mesh::MeshOptions options;
  int parts = 0;
  std::string out;
  tamp::mesh::add_mesh_options(cli, options);
  cli.add_option("--parts", parts, "Chunks (the rank count of the run it stands for)")
      ->required()
      ->check(CLI::Range(1, 1 << 24));
  cli.add_option("--out", out, "Edge list to write (FILE.edges); the centroids go to FILE.xyz")->required();
  try {
    cli.parse(argc, argv);
    if (out.size() < 7 || out.compare(out.size() - 6, 6, ".edges") != 0)
      throw std::invalid_argument("--out " + out +
                                  ": the name must end in .edges (tamp-map reads it by extension)");
    const tamp::mesh::MeshSpec spec = tamp::mesh::make_spec(options, parts);
    tamp::mesh::Mesh mesh = spec.generated()
                                ? tamp::mesh::generate_mesh(spec.dims, spec.elements, spec.mesh_seed)
                                : tamp::mesh::read_msh(spec.mesh);
    tamp::mesh::check_mesh(mesh);
    if (mesh.num_cells() < parts)
      throw std::invalid_argument(
          fmt::format("the mesh has {} elements, fewer than {} parts", mesh.num_cells(), parts));
    const auto graph = tamp::mesh::element_graph(mesh);
    const auto dec = tamp::mesh::decompose(
        mesh, graph,
        tamp::mesh::partition_elements(mesh, graph, parts, spec.partitioner, spec.partition_seed), parts);
    const tamp::TaskGraph tasks = tamp::mesh::quotient_graph(mesh, dec);
    tamp::OutputFiles files;  // the edge list and its centroids, both or neither
    tamp::write_edge_list(files.add(out, "--out"), tasks);
    tamp::write_coordinates(files.add(out.substr(0, out.size() - 6) + ".xyz", "--out"), tasks);
    files.commit();
    const auto& q = dec.quality;
    fmt::print(
        "{} {}D elements, {} into {} parts: imbalance {:.3f}, edge cut {}, {}-{} neighbours (mean {:.2f}), "
        "{:.4g} bytes per step -> {}\n",
        mesh.num_cells(), mesh.dim, spec.partitioner, parts, q.imbalance, q.edge_cut, q.min_neighbours,
        q.max_neighbours, q.mean_neighbours, q.halo_bytes, out);
    return 0;
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "tamp-mesh-graph: error: " << tamp::error_text(e) << '\n';
    return 1;
  }
}
