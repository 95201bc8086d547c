// The pairings of [Bhatele10] ch. 4-5 built from the job's slots: WOCON's star, WICON's NN, near and RND
// pairs, the equidistant pairs along one dimension and the near-neighbour pattern with far messages of §5.1.
#include "phases.hpp"

#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

#include "near_pairs.hpp"
#include "torus_grid.hpp"

namespace tamp::netbench {
namespace {

std::string dim_name(int d) {
  return d < 3 ? std::string(1, "XYZ"[d]) : "dimension " + std::to_string(d);
}

// Whether every router of a ring (torus) or line (mesh) of L routers can have a partner `n` hops away with
// all pairs disjoint: on a ring, i ~ i+n splits into gcd(L, n) cycles of L / gcd(L, n) routers, matched
// alternately when that length is even; on a line, blocks of 2n routers.
bool feasible(int L, bool wrap, int n) {
  if (n < 1 || n > L / 2) return false;
  if (wrap) return (L / std::gcd(L, n)) % 2 == 0;
  return L % (2 * n) == 0;
}

// +n or -n: the direction of the partner of coordinate c in the pairing of feasible().
int direction(int c, int L, bool wrap, int n) {
  if (!wrap) return c % (2 * n) < n ? +1 : -1;
  const int g = std::gcd(L, n);
  int k = 0;
  for (int x = c % g; x != c; x = (x + n) % L) ++k;  // c's position on its cycle
  return k % 2 == 0 ? +1 : -1;
}

// Every slot paired with the same core `n` routers away along dimension d.
Phase pairs_along(const TorusGrid& grid, int tasks, int d, int n, std::string name) {
  const Grid& t = grid.torus();
  Phase phase;
  phase.name = std::move(name);
  phase.protocol = Protocol::pairs;
  phase.partner.assign(tasks, -1);
  for (int s = 0; s < tasks; ++s) {
    std::vector<int> offset(grid.num_dims(), 0);
    offset[d] = n * direction(grid.coords(s)[d], t.dim(d), t.wraps(d), n);
    phase.partner[s] = grid.shifted(s, offset);
    if (phase.partner[s] < 0) {
      throw std::invalid_argument("task " + std::to_string(s) + " has no partner " + std::to_string(n) +
                                  " hops away along " + dim_name(d) +
                                  ": the pairs need whole torus lines with the same ranks on every node");
    }
  }
  return phase;
}

Phase wocon(const NetbenchSpec& spec, const Allocation& job) {
  if (job.num_nodes() != job.num_slots()) {
    throw std::invalid_argument("wocon places one rank per node ([Bhatele10] §4.1), the job has " +
                                std::to_string(job.num_slots()) + " ranks on " +
                                std::to_string(job.num_nodes()) +
                                " nodes: describe the machine with cores=1 or start one rank per node");
  }
  Phase phase;
  phase.name = "wocon";
  phase.protocol = Protocol::ping_pong;
  phase.master = spec.master;
  return phase;
}

// Random pairs (Fisher-Yates with a fixed generator, so every rank draws the same); odd counts leave one
// idle.
Phase random_pairs(int tasks, std::uint64_t seed) {
  std::vector<int> order(tasks);
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(seed);
  for (int i = tasks - 1; i > 0; --i) std::swap(order[i], order[static_cast<int>(rng() % (i + 1))]);
  Phase phase;
  phase.name = "rnd";
  phase.protocol = Protocol::pairs;
  phase.partner.assign(tasks, -1);
  for (int k = 0; k + 1 < tasks; k += 2) {
    phase.partner[order[k]] = order[k + 1];
    phase.partner[order[k + 1]] = order[k];
  }
  return phase;
}

// NN with the cores of a node spread over the links: core c pairs along the (c mod P)-th pairable dimension,
// and the next P cores use the other pairing of the ring ((1,2), (3,0), ...), so no directed link carries two
// pairs when a node has at most 2P cores.
Phase spread_pairs(const TorusGrid& grid, const Allocation& job, const std::vector<int>& dims) {
  const Grid& t = grid.torus();
  Phase phase;
  phase.name = "nn-spread";
  phase.protocol = Protocol::pairs;
  phase.partner.assign(job.num_slots(), -1);
  const int P = static_cast<int>(dims.size());
  for (int s = 0; s < job.num_slots(); ++s) {
    const int core = job.core_of_slot(s);
    const int d = dims[core % P];
    const int shift = (core / P) % 2 == 1 && t.wraps(d) ? 1 : 0;
    std::vector<int> offset(grid.num_dims(), 0);
    offset[d] = ((grid.coords(s)[d] - shift) % 2 + 2) % 2 == 0 ? +1 : -1;
    phase.partner[s] = grid.shifted(s, offset);
    if (phase.partner[s] < 0) {
      throw std::invalid_argument("task " + std::to_string(s) + " has no neighbour along " + dim_name(d) +
                                  " for --pairing nn-spread: the pairs need whole torus lines");
    }
  }
  return phase;
}

std::vector<Phase> wicon(const NetbenchSpec& spec, const Allocation& job, std::uint64_t seed) {
  std::vector<Phase> phases;
  for (const std::string& p : spec.pairings) {
    if (p == "rnd") {
      phases.push_back(random_pairs(job.num_slots(), seed));
      continue;
    }
    if (p == "near") {  // any allocation: no torus lines needed
      Phase phase;
      phase.name = "near";
      phase.protocol = Protocol::pairs;
      phase.partner = nearest_pairs(job);
      phases.push_back(std::move(phase));
      continue;
    }
    // NN: "ranks that differ by one", i.e. one hop apart under BG/P's XYZT order: the same core of routers
    // adjacent in the first dimension that can be paired (nn-spread: every pairable dimension).
    const TorusGrid grid(job, "wicon --pairing " + p);
    std::vector<int> dims;
    for (int d = 0; d < grid.num_dims(); ++d) {
      if (feasible(grid.torus().dim(d), grid.torus().wraps(d), 1)) dims.push_back(d);
    }
    if (dims.empty()) {
      throw std::invalid_argument("wicon --pairing " + p + ": no dimension of " + grid.machine().describe() +
                                  " has an even number of routers to pair");
    }
    if (p == "nn") {
      phases.push_back(pairs_along(grid, job.num_slots(), dims[0], 1, "nn"));
    } else {
      phases.push_back(spread_pairs(grid, job, dims));
    }
  }
  return phases;
}

std::vector<Phase> equidistant(const NetbenchSpec& spec, const Allocation& job) {
  const TorusGrid grid(job, "equidistant");
  const Grid& t = grid.torus();
  const int d = spec.dim < 0 ? grid.num_dims() - 1 : spec.dim;
  if (d >= grid.num_dims()) {
    throw std::invalid_argument("--dim " + std::to_string(d) + ": " + grid.machine().describe() + " has " +
                                std::to_string(grid.num_dims()) + " dimensions");
  }
  std::vector<int> distances = spec.distances;
  if (distances.empty()) {
    for (int n = 1; n <= t.dim(d) / 2; ++n) {
      if (feasible(t.dim(d), t.wraps(d), n)) distances.push_back(n);
    }
  }
  std::vector<Phase> phases;
  for (int n : distances) {
    if (!feasible(t.dim(d), t.wraps(d), n)) {
      throw std::invalid_argument("--distance " + std::to_string(n) + ": the " + std::to_string(t.dim(d)) +
                                  " routers along " + dim_name(d) + (t.wraps(d) ? " (a ring)" : " (a line)") +
                                  " cannot all have a partner " + std::to_string(n) + " hops away");
    }
    phases.push_back(
        pairs_along(grid, job.num_slots(), d, n, std::to_string(n) + (n == 1 ? " hop" : " hops")));
  }
  if (phases.empty())
    throw std::invalid_argument("equidistant: no distance can be paired along " + dim_name(d));
  return phases;
}

// An offset of `hops` links spread over the dimensions from the last one (Z) down, each up to half its ring.
std::vector<int> spread_offset(const Grid& t, const Machine& machine, int hops) {
  std::vector<int> offset(t.num_dims(), 0);
  int rest = hops;
  for (int d = t.num_dims() - 1; d >= 0 && rest > 0; --d) {
    offset[d] = std::min(rest, t.dim(d) / 2);
    rest -= offset[d];
  }
  if (rest > 0) {
    throw std::invalid_argument("--dilation: no node is " + std::to_string(hops) + " hops away on " +
                                machine.describe() + " (diameter " + std::to_string(machine.diameter()) +
                                ")");
  }
  return offset;
}

std::vector<Phase> dilation(const NetbenchSpec& spec, const Allocation& job) {
  const TorusGrid grid(job, "dilation");
  const Grid& t = grid.torus();
  for (int d = 0; d < t.num_dims(); ++d) {
    if (!t.wraps(d)) throw std::invalid_argument("dilation needs a torus (wrap in every dimension)");
  }
  const int tasks = job.num_slots();
  const auto add_target = [&](Phase& phase, int s, const std::vector<int>& offset) {
    const int target = grid.shifted(s, offset);
    if (target < 0) {
      throw std::invalid_argument("dilation: task " + std::to_string(s) +
                                  " has no partner on another node: the job needs whole torus lines with the "
                                  "same ranks on every node");
    }
    phase.targets[s].push_back(target);
  };
  // Background: the six neighbours (two per dimension) of every rank, as in §5.1.
  Phase near;
  near.name = "near";
  near.protocol = Protocol::pattern;
  near.targets.assign(tasks, {});
  for (int s = 0; s < tasks; ++s) {
    for (int d = 0; d < t.num_dims(); ++d) {
      if (t.dim(d) < 2) continue;
      for (int sign : {+1, -1}) {
        std::vector<int> offset(t.num_dims(), 0);
        offset[d] = sign;
        add_target(near, s, offset);
      }
    }
  }
  std::vector<Phase> phases{near};
  for (const auto& group : spec.dilation_groups) {
    Phase phase = near;
    for (int h : group) {
      phase.name += "+" + std::to_string(h);
      const std::vector<int> offset = spread_offset(t, grid.machine(), h);
      for (int s = 0; s < tasks; ++s) add_target(phase, s, offset);
    }
    phases.push_back(std::move(phase));
  }
  return phases;
}

}  // namespace

std::vector<Phase> make_phases(const NetbenchSpec& spec, const Allocation& job, std::uint64_t seed) {
  switch (spec.benchmark) {
    case Benchmark::wocon:
      return {wocon(spec, job)};
    case Benchmark::wicon:
      return wicon(spec, job, seed);
    case Benchmark::equidistant:
      return equidistant(spec, job);
    case Benchmark::dilation:
      return dilation(spec, job);
  }
  throw std::logic_error("unknown benchmark");
}

std::vector<std::vector<int>> sources_of(const Phase& phase) {
  std::vector<std::vector<int>> sources(phase.targets.size());
  for (std::size_t s = 0; s < phase.targets.size(); ++s) {
    for (int t : phase.targets[s]) sources[t].push_back(static_cast<int>(s));
  }
  return sources;
}

std::vector<Edge> phase_edges(const Phase& phase, int tasks) {
  std::vector<Edge> edges;
  switch (phase.protocol) {
    case Protocol::ping_pong:
      for (int t = 0; t < tasks; ++t) {
        if (t == phase.master) continue;
        edges.push_back({phase.master, t, 1.0});
        edges.push_back({t, phase.master, 1.0});
      }
      break;
    case Protocol::pairs:
      for (int t = 0; t < tasks; ++t) {
        if (phase.partner[t] >= 0) edges.push_back({t, phase.partner[t], 1.0});
      }
      break;
    case Protocol::pattern:
      for (int t = 0; t < tasks; ++t) {
        for (int target : phase.targets[t]) edges.push_back({t, target, 1.0});
      }
      break;
  }
  return edges;
}

TaskGraph make_graph(const std::vector<Phase>& phases, int tasks, const std::vector<std::int64_t>& sizes,
                     int messages) {
  double per_stream = 0;
  for (std::int64_t size : sizes) per_stream += static_cast<double>(size) * messages;
  std::vector<Edge> edges;
  for (const Phase& phase : phases) {
    for (Edge e : phase_edges(phase, tasks)) {
      e.bytes *= per_stream;
      edges.push_back(e);
    }
  }
  return TaskGraph::from_edges(tasks, std::move(edges));
}

}  // namespace tamp::netbench
