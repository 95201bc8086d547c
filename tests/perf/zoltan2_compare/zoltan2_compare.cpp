// Zoltan2's geometric task mapper (the implementation of [Deveci14]) next to TAMP's geom-r / geom-rs, every
// mapping measured by TAMP's evaluate().
//
// Zoltan2's coordinateTaskMapperInterface computes, on each rank, the candidate "rank mod K" (K = tdim! x
// pdim! + tdim! + pdim! + 1 axis orderings, 49 in 3D/3D) and reduces the best over the ranks. On one rank it
// would compute candidate 0 only, so this program runs the same steps for every candidate itself: the machine
// coordinates shifted by Zoltan2's own CoordinateTaskMapper::shiftMachineCoordinates (what the interface does
// when given the machine dimensions), then CoordinateCommunicationModel::getMapping(k) for k = 0..K-1 — the
// call each rank k makes. It keeps the best candidate by Zoltan2's own cost (what a K-rank run returns) and
// by TAMP's hop-bytes.
//
// Sample runs:
//   tamp-zoltan2-compare --graph stencil3d:16x16x16 --machine torus:8x8x8,cores=8
//   tamp-zoltan2-compare --graph stencil3d:16x16x16 --machine torus:17x8x24,cores=24,npr=2 --sparse 171
//   --seed 3 tamp-zoltan2-compare --graph G.graph --machine M.machine
#include <Teuchos_DefaultComm.hpp>
#include <Tpetra_Core.hpp>
#include <Zoltan2_TaskMapping.hpp>
#include <Zoltan2_XpetraMultiVectorAdapter.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tamp/generators.hpp"
#include "tamp/grid.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"

namespace {

using part_t = int;
using MultiVector = Tpetra::MultiVector<double, part_t, part_t>;
using Adapter = Zoltan2::XpetraMultiVectorAdapter<MultiVector>;
using TaskMapper = Zoltan2::CoordinateTaskMapper<Adapter, part_t>;
using Model = Zoltan2::CoordinateCommunicationModel<double, double, part_t, Adapter::node_t>;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Coordinates stored dimension-major, as Zoltan2 wants them (coords[d][i]).
struct Columns {
  std::vector<std::vector<double>> data;
  std::vector<double*> pointers;
  explicit Columns(int dim, int n) : data(dim, std::vector<double>(n)) {
    for (auto& column : data) pointers.push_back(column.data());
  }
  double** get() { return pointers.data(); }
};

// Task coordinates: the graph's coordinates, else its grid coordinates.
Columns task_columns(const tamp::TaskGraph& graph) {
  const int n = graph.num_tasks();
  if (graph.has_coordinates()) {
    Columns c(graph.coordinate_dim(), n);
    for (int t = 0; t < n; ++t)
      for (int d = 0; d < graph.coordinate_dim(); ++d)
        c.data[d][t] = graph.coordinates()[t * graph.coordinate_dim() + d];
    return c;
  }
  if (!graph.grid()) throw std::invalid_argument("the task graph has neither coordinates (.xyz) nor a grid");
  Columns c(static_cast<int>(graph.grid()->dims.size()), n);
  for (int t = 0; t < n; ++t) {
    const std::vector<int> g = graph.grid()->coords(t);
    for (size_t d = 0; d < g.size(); ++d) c.data[d][t] = g[d];
  }
  return c;
}

struct Row {
  std::string name;
  tamp::Metrics metrics;
  double seconds;
};

void print(const std::vector<Row>& rows) {
  // Full precision for hop-bytes and max link load: ../instances/run_all.sh reads them into its table.
  std::printf("%-46s %14s %9s %7s %14s %12s %8s %9s\n", "mapping", "hop-bytes", "hops/B", "maxdil", "max-link",
              "max-cong", "offnode", "time[s]");
  for (const Row& r : rows)
    std::printf("%-46s %14.0f %9.4f %7d %14.0f %12.6g %8.4f %9.3f\n", r.name.c_str(), r.metrics.hop_bytes,
                r.metrics.hops_per_byte, r.metrics.max_dilation, r.metrics.max_link_load,
                r.metrics.max_congestion, r.metrics.offnode_fraction, r.seconds);
}

struct Args {
  std::string graph, machine;
  int sparse = 0;  // > 0: allocate that many nodes of the machine, drawn at random
  std::uint64_t seed = 1;
};

Args parse_args(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--graph")
      a.graph = argv[i + 1];
    else if (key == "--machine")
      a.machine = argv[i + 1];
    else if (key == "--sparse")
      a.sparse = std::stoi(argv[i + 1]);
    else if (key == "--seed")
      a.seed = std::stoull(argv[i + 1]);
    else
      throw std::invalid_argument("unknown option " + key);
  }
  if (a.graph.empty() || a.machine.empty())
    throw std::invalid_argument(
        "usage: tamp-zoltan2-compare --graph FILE|SPEC --machine FILE|SPEC [--sparse NODES [--seed S]]");
  return a;
}

// `count` nodes of the machine by a seeded Fisher-Yates shuffle (rejection sampling: the same on every
// platform).
tamp::Allocation sparse_allocation(const tamp::MachineDescription& m, int count, std::uint64_t seed) {
  std::vector<int> nodes(m.machine->num_nodes());
  for (size_t i = 0; i < nodes.size(); ++i) nodes[i] = static_cast<int>(i);
  std::mt19937_64 engine(seed);
  for (std::size_t i = nodes.size(); i > 1; --i) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % i;
    std::uint64_t r;
    do r = engine();
    while (r >= limit);
    std::swap(nodes[i - 1], nodes[r % i]);
  }
  if (count > static_cast<int>(nodes.size()))
    throw std::invalid_argument("--sparse: more nodes than the machine has");
  nodes.resize(count);
  return tamp::Allocation(m.machine, nodes, m.cores_per_node);
}

// Runs every Zoltan2 candidate on (possibly shifted) machine coordinates and adds the rows.
void run_zoltan2(const tamp::TaskGraph& graph, const tamp::Allocation& alloc, double** machine_coords,
                 int pdim, Columns& tasks, const std::vector<part_t>& xadj, const std::vector<part_t>& adj,
                 std::vector<double>& weights, const char* label, std::vector<Row>& rows) {
  auto comm = Tpetra::getDefaultComm();
  auto env = Teuchos::rcp(new Zoltan2::Environment(comm));
  const int tdim = static_cast<int>(tasks.data.size());
  const part_t nprocs = alloc.num_slots(), ntasks = graph.num_tasks();
  Model model(pdim, machine_coords, tdim, tasks.get(), nprocs, ntasks, nullptr, nullptr);
  model.setPartArraySize(-1);  // recursion depth log2(procs) + 1: MJ as RCB, the paper's setting
  model.setPartArray(Kokkos::View<part_t*, Kokkos::HostSpace>());
  auto factorial = [](int n) {
    int f = 1;
    while (n > 1) f *= n--;
    return f;
  };
  const int tp = factorial(std::min(tdim, 8)), pp = factorial(std::min(pdim, 8));
  const int candidates = tp * pp + tp + pp + 1;

  std::optional<Row> by_own_cost, by_hop_bytes, first;
  double best_own_cost = 0;
  const auto start = Clock::now();
  for (int k = 0; k < candidates; ++k) {
    Teuchos::ArrayRCP<part_t> proc_xadj, proc_adj, task_to_proc;
    model.getMapping(k, env, proc_xadj, proc_adj, task_to_proc, comm);
    model.calculateCommunicationCost(task_to_proc.getRawPtr(), const_cast<part_t*>(xadj.data()),
                                     const_cast<part_t*>(adj.data()), weights.data());
    const double own_cost = model.getCommunicationCostMetric();
    std::vector<int> slots(task_to_proc.begin(), task_to_proc.end());
    tamp::Mapping mapping(slots, nprocs);
    const int per_slot = (ntasks + nprocs - 1) / nprocs;
    mapping.validate(per_slot);
    Row row{std::string("zoltan2 ") + label, tamp::evaluate(graph, alloc, mapping), 0};
    if (k == 0) first = row, first->name += " candidate 0 (one rank)";
    if (!by_own_cost || own_cost < best_own_cost) {
      by_own_cost = row, best_own_cost = own_cost;
      by_own_cost->name +=
          " best of " + std::to_string(candidates) + " by its cost (#" + std::to_string(k) + ")";
    }
    if (!by_hop_bytes || row.metrics.hop_bytes < by_hop_bytes->metrics.hop_bytes) {
      by_hop_bytes = row;
      by_hop_bytes->name +=
          " best of " + std::to_string(candidates) + " by hop-bytes (#" + std::to_string(k) + ")";
    }
  }
  const double elapsed = seconds_since(start);
  first->seconds = elapsed / candidates;
  by_own_cost->seconds = by_hop_bytes->seconds = elapsed;
  rows.push_back(*first);
  rows.push_back(*by_own_cost);
  rows.push_back(*by_hop_bytes);
}

int run(int argc, char** argv) {
  const Args args = parse_args(argc, argv);
  const tamp::TaskGraph graph = args.graph.find(':') != std::string::npos ? tamp::generate_graph(args.graph)
                                                                          : tamp::read_task_graph(args.graph);
  const tamp::MachineDescription machine = tamp::load_machine(args.machine);
  const tamp::Allocation alloc =
      args.sparse > 0 ? sparse_allocation(machine, args.sparse, args.seed) : machine.allocation;
  const tamp::Grid* torus = alloc.machine().grid();
  if (!torus) throw std::invalid_argument("the machine must be a torus or mesh");
  std::printf("graph %s: %d tasks, %lld messages; machine %s: %d nodes x %d cores allocated\n",
              args.graph.c_str(), graph.num_tasks(), static_cast<long long>(graph.num_edges()),
              alloc.machine().describe().c_str(), alloc.num_nodes(), alloc.max_cores_per_node());

  // Every core gets its router's coordinates (Zoltan2's Cray RCA machine does the same).
  const int pdim = torus->num_dims();
  Columns procs(pdim, alloc.num_slots());
  for (int s = 0; s < alloc.num_slots(); ++s) {
    const std::vector<int> c = torus->router_coords(torus->router_of_node(alloc.machine_node_of_slot(s)));
    for (int d = 0; d < pdim; ++d) procs.data[d][s] = c[d];
  }
  Columns tasks = task_columns(graph);
  std::vector<part_t> xadj(graph.offsets().begin(), graph.offsets().end()), adj(graph.targets());
  std::vector<double> weights(graph.bytes());

  std::vector<Row> rows;
  tamp::MapOptions options;
  options.max_tasks_per_slot = (graph.num_tasks() + alloc.num_slots() - 1) / alloc.num_slots();
  for (const char* name : {"default", "geom", "geom-r", "geom-rs"}) {
    const auto start = Clock::now();
    const tamp::Mapping m = tamp::map_tasks(name, graph, alloc, options);
    const double t = seconds_since(start);
    rows.push_back({std::string("tamp ") + name, tamp::evaluate(graph, alloc, m), t});
  }

  // Zoltan2 without the shift (machine dimensions not given), then with it, through its own shift routine. A
  // mapper object is needed to call it; building one also maps candidate 0, which is the same as
  // model.getMapping(0).
  run_zoltan2(graph, alloc, procs.get(), pdim, tasks, xadj, adj, weights, "(no shift)", rows);
  {
    auto comm = Tpetra::getDefaultComm();
    Zoltan2::Environment env(comm);
    std::vector<part_t> extent(pdim);
    std::vector<char> wrap(pdim);
    for (int d = 0; d < pdim; ++d) extent[d] = torus->dim(d), wrap[d] = torus->wraps(d);
    Teuchos::ArrayRCP<part_t> none;
    TaskMapper mapper(&env, comm.getRawPtr(), pdim, alloc.num_slots(), procs.get(),
                      static_cast<int>(tasks.data.size()), graph.num_tasks(), tasks.get(), none, none,
                      nullptr, -1, Kokkos::View<part_t*, Kokkos::HostSpace>(), nullptr, 1, false, false);
    std::unique_ptr<bool[]> wraps(new bool[pdim]);
    for (int d = 0; d < pdim; ++d) wraps[d] = wrap[d] != 0;
    double** shifted =
        mapper.shiftMachineCoordinates(pdim, extent.data(), wraps.get(), alloc.num_slots(), procs.get());
    run_zoltan2(graph, alloc, shifted, pdim, tasks, xadj, adj, weights, "(shift)", rows);
    for (int d = 0; d < pdim; ++d) delete[] shifted[d];
    delete[] shifted;
  }
  print(rows);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Tpetra::ScopeGuard tpetra(&argc, &argv);  // MPI and Kokkos, as Zoltan2 needs them
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tamp-zoltan2-compare: %s\n", e.what());
    return 1;
  }
}
