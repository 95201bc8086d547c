// Scotch's static mapping onto the allocated nodes of a torus, made exactly balanced (README.md).
#include "scotch_map.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tamp/grid.hpp"

extern "C" {
#include <scotch.h>
}

namespace tamp_scotch {
namespace {

void check(int status, const char* what) {
  if (status != 0) throw std::runtime_error(std::string("Scotch: ") + what + " failed");
}

// Undirected CSR for Scotch: edge weight = bytes both ways, rounded, at least 1; no self loops. Weights are
// scaled down uniformly when their sum would overflow 32-bit SCOTCH_Num (MFDn graphs carry gigabytes).
struct ScotchCsr {
  std::vector<SCOTCH_Num> verttab, edgetab, edlotab;
};

ScotchCsr scotch_csr(const tamp::TaskGraph& graph) {
  std::vector<std::pair<std::int64_t, double>> pairs;  // (u * n + v, bytes)
  const std::int64_t n = graph.num_tasks();
  for (const tamp::Edge& e : graph.edges()) {
    if (e.src == e.dst || e.bytes <= 0) continue;
    pairs.emplace_back(e.src * n + e.dst, e.bytes);
    pairs.emplace_back(e.dst * n + e.src, e.bytes);
  }
  std::sort(pairs.begin(), pairs.end());
  double sum = 0;
  for (const auto& p : pairs) sum += p.second;
  const double scale = std::max(1.0, sum / 1e9);
  ScotchCsr csr;
  csr.verttab.assign(n + 1, 0);
  for (size_t i = 0; i < pairs.size();) {
    size_t j = i;
    double bytes = 0;
    for (; j < pairs.size() && pairs[j].first == pairs[i].first; ++j) bytes += pairs[j].second;
    const std::int64_t u = pairs[i].first / n;
    csr.edgetab.push_back(static_cast<SCOTCH_Num>(pairs[i].first % n));
    csr.edlotab.push_back(static_cast<SCOTCH_Num>(std::max(1.0, std::round(bytes / scale))));
    ++csr.verttab[u + 1];
    i = j;
  }
  for (std::int64_t v = 0; v < n; ++v) csr.verttab[v + 1] += csr.verttab[v];
  return csr;
}

// The torus as Scotch sees it: router dimensions, plus a leading dimension of nodes_per_router when > 1, so that
// Scotch terminal number == TAMP node id (both number dimension 0 fastest). Scotch has one wrap flag for all.
struct ArchShape {
  std::vector<SCOTCH_Num> dims;
  bool wrap = true;
};

ArchShape arch_shape(const tamp::Grid& torus) {
  ArchShape shape;
  if (torus.nodes_per_router() > 1) shape.dims.push_back(torus.nodes_per_router());
  for (int d = 0; d < torus.num_dims(); ++d) shape.dims.push_back(torus.dim(d));
  bool all = true, none = true;
  for (int d = 0; d < torus.num_dims(); ++d) (torus.wraps(d) ? none : all) = false;
  if (!all && !none) throw std::invalid_argument("Scotch has no torus with wrap-around in some dimensions only");
  shape.wrap = all;
  return shape;
}

// Scotch's distance between two terminals of the original torus/mesh, computed from the shape.
SCOTCH_Num shape_distance(const ArchShape& shape, SCOTCH_Num a, SCOTCH_Num b) {
  SCOTCH_Num dist = 0;
  for (SCOTCH_Num size : shape.dims) {
    const SCOTCH_Num ca = a % size, cb = b % size;
    a /= size;
    b /= size;
    const SCOTCH_Num diff = ca > cb ? ca - cb : cb - ca;
    dist += shape.wrap ? std::min(diff, size - diff) : diff;
  }
  return dist;
}

// Scotch documents no numbering of torus terminals: check it is the one assumed (dimension 0 fastest, and sub-
// architecture terminal i = i-th listed node) on sample pairs.
void check_numbering(SCOTCH_Arch* arch, const ArchShape& shape, const std::vector<SCOTCH_Num>& terminals) {
  const size_t n = terminals.size();
  const size_t step = std::max<size_t>(1, n / 40);
  for (size_t i = 0; i < n; i += step)
    for (size_t j = 0; j < n; j += step + 1) {
      SCOTCH_ArchDom a, b;
      check(SCOTCH_archDomTerm(arch, &a, static_cast<SCOTCH_Num>(i)), "archDomTerm");
      check(SCOTCH_archDomTerm(arch, &b, static_cast<SCOTCH_Num>(j)), "archDomTerm");
      if (SCOTCH_archDomDist(arch, &a, &b) != shape_distance(shape, terminals[i], terminals[j]))
        throw std::runtime_error("Scotch terminal numbering is not the one assumed (dimension 0 fastest)");
    }
}

// Moves the fewest tasks (the excess of over-full nodes) so that node i holds at most cores_of(i) tasks, each
// move the one that adds the least hop-bytes (TAMP's hops). Returns the number of tasks moved.
int repair(const tamp::TaskGraph& graph, const tamp::Allocation& alloc, const ScotchCsr& csr,
           std::vector<int>& node_of_task, int& overfull_nodes) {
  const int nodes = alloc.num_nodes();
  std::vector<int> count(nodes, 0);
  for (int node : node_of_task) ++count[node];
  overfull_nodes = 0;
  for (int i = 0; i < nodes; ++i) overfull_nodes += count[i] > alloc.cores_of(i);
  const tamp::Machine& machine = alloc.machine();
  auto cost = [&](int t, int node) {
    double c = 0;
    for (SCOTCH_Num e = csr.verttab[t]; e < csr.verttab[t + 1]; ++e)
      c += csr.edlotab[e] * machine.hops(alloc.node(node), alloc.node(node_of_task[csr.edgetab[e]]));
    return c;
  };
  int moved = 0;
  for (;;) {
    std::vector<int> under;
    for (int i = 0; i < nodes; ++i)
      if (count[i] < alloc.cores_of(i)) under.push_back(i);
    double best = std::numeric_limits<double>::infinity();
    int best_task = -1, best_node = -1;
    for (int t = 0; t < graph.num_tasks(); ++t) {
      const int from = node_of_task[t];
      if (count[from] <= alloc.cores_of(from)) continue;
      const double here = cost(t, from);
      for (int to : under) {
        const double delta = cost(t, to) - here;
        if (delta < best) best = delta, best_task = t, best_node = to;
      }
    }
    if (best_task < 0) return moved;
    --count[node_of_task[best_task]];
    ++count[best_node];
    node_of_task[best_task] = best_node;
    ++moved;
  }
}

}  // namespace

ScotchResult scotch_map(const tamp::TaskGraph& graph, const tamp::Allocation& alloc, const ScotchOptions& options) {
  const tamp::Grid* torus = alloc.machine().grid();
  if (!torus) throw std::invalid_argument("this comparison describes only torus/mesh machines to Scotch");
  if (!alloc.uniform_cores()) throw std::invalid_argument("Scotch's sub-architecture has no node weights");
  if (graph.num_tasks() > alloc.num_slots()) throw std::invalid_argument("more tasks than cores");
  const ArchShape shape = arch_shape(*torus);
  const ScotchCsr csr = scotch_csr(graph);
  const SCOTCH_Num n = graph.num_tasks();

  ScotchResult result;
  SCOTCH_Context context;
  SCOTCH_Graph plain, bound;
  SCOTCH_Arch full, sub;
  SCOTCH_Strat strat;
  check(SCOTCH_contextInit(&context), "contextInit");
  SCOTCH_contextRandomSeed(&context, options.seed);
  check(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMDETERMINISTIC, 1), "deterministic option");
  check(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, 1), "fixed seed option");
  check(SCOTCH_contextThreadSpawn(&context, 1, nullptr), "contextThreadSpawn");
  check(SCOTCH_graphInit(&plain), "graphInit");
  check(SCOTCH_graphBuild(&plain, 0, n, csr.verttab.data(), nullptr, nullptr, nullptr,
                          static_cast<SCOTCH_Num>(csr.edgetab.size()), csr.edgetab.data(), csr.edlotab.data()),
        "graphBuild");
  check(SCOTCH_graphCheck(&plain), "graphCheck");
  check(SCOTCH_graphInit(&bound), "graphInit");
  check(SCOTCH_contextBindGraph(&context, &plain, &bound), "contextBindGraph");
  check(SCOTCH_archInit(&full), "archInit");
  const SCOTCH_Num ndims = static_cast<SCOTCH_Num>(shape.dims.size());
  check(shape.wrap ? SCOTCH_archTorusX(&full, ndims, shape.dims.data())
                   : SCOTCH_archMeshX(&full, ndims, shape.dims.data()),
        "archTorusX/archMeshX");
  std::vector<SCOTCH_Num> terminals(alloc.nodes().begin(), alloc.nodes().end());
  std::string dims_text;
  for (SCOTCH_Num d : shape.dims) dims_text += (dims_text.empty() ? "" : "x") + std::to_string(d);
  const bool whole =
      alloc.num_nodes() == alloc.machine().num_nodes() && std::is_sorted(terminals.begin(), terminals.end());
  SCOTCH_Arch* arch = &full;
  if (!whole) {
    check(SCOTCH_archInit(&sub), "archInit");
    check(SCOTCH_archSub(&sub, &full, static_cast<SCOTCH_Num>(terminals.size()), terminals.data()), "archSub");
    arch = &sub;
  }
  result.architecture = std::string(shape.wrap ? "torus" : "mesh") + dims_text +
                        (whole ? "" : " sub " + std::to_string(terminals.size()) + " nodes");
  check_numbering(arch, shape, terminals);
  check(SCOTCH_stratInit(&strat), "stratInit");
  check(SCOTCH_stratGraphMapBuild(&strat, options.strategy_flags | SCOTCH_STRATBALANCE, alloc.num_nodes(),
                                  options.imbalance),
        "stratGraphMapBuild");
  std::vector<SCOTCH_Num> part(n, -1);
  const auto start = std::chrono::steady_clock::now();
  check(SCOTCH_graphMap(&bound, arch, &strat, part.data()), "graphMap");
  result.scotch_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  SCOTCH_stratExit(&strat);
  if (!whole) SCOTCH_archExit(&sub);
  SCOTCH_archExit(&full);
  SCOTCH_graphExit(&bound);
  SCOTCH_graphExit(&plain);
  SCOTCH_contextExit(&context);

  std::vector<int> node_of_task(part.begin(), part.end());
  for (int node : node_of_task)
    if (node < 0 || node >= alloc.num_nodes()) throw std::runtime_error("Scotch returned a terminal out of range");
  result.moved_tasks = repair(graph, alloc, csr, node_of_task, result.overfull_nodes);
  std::vector<int> next_core(alloc.num_nodes(), 0), slot(n);
  for (SCOTCH_Num t = 0; t < n; ++t) slot[t] = alloc.first_slot(node_of_task[t]) + next_core[node_of_task[t]]++;
  result.mapping = tamp::Mapping(std::move(slot), alloc.num_slots());
  result.mapping.validate();
  return result;
}

}  // namespace tamp_scotch
