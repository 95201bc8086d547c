// The halo task graph and the Group ordering.
#include "halo_graph.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "halo_block.hpp"

namespace tamp::halo {

TaskGraph make_halo_graph(const HaloSpec& spec) {
  const int tasks = spec.ranks();
  std::vector<Edge> edges;
  std::vector<double> xyz;
  xyz.reserve(static_cast<std::size_t>(tasks) * 3);
  for (int t = 0; t < tasks; ++t) {
    const Block b = block_of_task(spec, t);
    for (int f = 0; f < kFaces; ++f) {
      if (b.neighbor[f] < 0) continue;
      edges.push_back({t, b.neighbor[f], 8.0 * spec.vars * static_cast<double>(face_cells(b.layout, f))});
    }
    for (int d = 0; d < 3; ++d) xyz.push_back(b.coords[d]);
  }
  TaskGraph graph = TaskGraph::from_edges(tasks, std::move(edges));
  graph.set_coordinates(3, std::move(xyz));
  graph.set_grid(GridShape{{spec.procs[0], spec.procs[1], spec.procs[2]}, {false, false, false}});
  return graph;
}

std::array<int, 3> group_block(const std::array<int, 3>& procs, int cores) {
  std::vector<int> primes;  // largest first
  int rest = cores;
  for (int p = 2; p * p <= rest; ++p)
    while (rest % p == 0) primes.insert(primes.begin(), p), rest /= p;
  if (rest > 1) primes.insert(primes.begin(), rest);
  std::array<int, 3> block{1, 1, 1};
  const int order[3] = {2, 0, 1};  // z, x, y: 16 cores give 2x2x4
  int next = 0;
  for (int p : primes) {
    bool placed = false;
    for (int tries = 0; tries < 3 && !placed; ++tries, ++next) {
      const int d = order[next % 3];
      if ((procs[d] / block[d]) % p == 0) block[d] *= p, placed = true;
    }
    if (!placed) {
      throw std::invalid_argument(
          fmt::format("mapping group: the process grid {}x{}x{} does not tile into blocks of "
                      "{} tasks (one node)",
                      procs[0], procs[1], procs[2], cores));
    }
  }
  return block;
}

Mapping group_mapping(const HaloSpec& spec, const Allocation& job) {
  if (!job.uniform_cores())
    throw std::invalid_argument("mapping group needs the same number of ranks on every node");
  const int cores = job.max_cores_per_node();
  const auto& p = spec.procs;
  const std::array<int, 3> b = group_block(p, cores);
  const int blocks_x = p[0] / b[0], blocks_y = p[1] / b[1];
  std::vector<int> slot(static_cast<std::size_t>(spec.ranks()));
  for (int t = 0; t < spec.ranks(); ++t) {
    const int c[3] = {t % p[0], (t / p[0]) % p[1], t / (p[0] * p[1])};
    const int block = c[0] / b[0] + blocks_x * (c[1] / b[1] + blocks_y * (c[2] / b[2]));
    const int within = c[0] % b[0] + b[0] * (c[1] % b[1] + b[1] * (c[2] % b[2]));
    slot[t] = block * cores + within;
  }
  return Mapping(std::move(slot), job.num_slots());
}

}  // namespace tamp::halo
