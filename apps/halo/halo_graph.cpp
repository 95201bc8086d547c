// The halo task graph (the library's minighost: generator) and the Group ordering.
#include "halo_graph.hpp"

#include <fmt/format.h>

#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

#include "tamp/generators.hpp"

namespace tamp::halo {

std::string halo_graph_spec(const HaloSpec& spec, int summed) {
  const auto& p = spec.procs;
  const auto& n = spec.local;
  std::string stencil = to_string(spec.stencil);  // "3D7PT"
  for (char& c : stencil) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string line = fmt::format("minighost:{}x{}x{},nx={},ny={},nz={},vars={},stencil={}", p[0], p[1], p[2],
                                 n[0], n[1], n[2], spec.vars, stencil);
  if (spec.comm == CommMethod::svaf) line += ",comm=svaf";
  if (summed != spec.vars) line += fmt::format(",sums={}", summed);
  return line;
}

TaskGraph make_halo_graph(const HaloSpec& spec, int summed) {
  return generate_graph(halo_graph_spec(spec, summed));
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
