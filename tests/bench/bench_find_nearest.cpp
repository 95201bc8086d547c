// findNearest, spiral vs 2^D-tree, in the setting of [Bhatele10] Table 10.1: an empty 2D mesh, every
// processor claimed one at a time as the nearest free one to a fixed processor (a corner, or the centre); the
// time to claim them all. Thesis (2.4 GHz dual core, ms): corner spiral / quadtree 5.45 / 0.83 (1024), 67.34
// / 5.24 (4096), 1005.82 / 44.23 (16384); centre 3.88 / 1.67, 44.13 / 12.49, 676.52 / 98.48. Also `nearest`
// (a short spiral, then the tree: what the mapping algorithms call), the 3D octree, and the regular mappers
// that call findNearest at the node-level scale (65,536 nodes).
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <string>

#include "algorithms/impl/free_grid.hpp"
#include "tamp/generators.hpp"
#include "tamp/mapper.hpp"
#include "tamp/text.hpp"
#include "tamp/torus.hpp"

namespace {

enum Search { kSpiral, kTree, kNearest };

void claim_all(benchmark::State& state, std::vector<int> dims, bool centre, Search search) {
  std::vector<int> wanted_coords(dims.size(), 0);
  if (centre)
    for (size_t d = 0; d < dims.size(); ++d) wanted_coords[d] = dims[d] / 2;
  for (auto _ : state) {
    state.PauseTiming();
    tamp::impl::FreeGrid grid(dims, std::vector<bool>(dims.size(), false));
    const int wanted = grid.cell(wanted_coords);
    state.ResumeTiming();
    while (true) {
      const auto cell = search == kSpiral ? grid.nearest_spiral(wanted)
                        : search == kTree ? grid.nearest_tree(wanted)
                                          : grid.nearest(wanted);
      if (!cell) break;
      grid.take(*cell);
    }
    benchmark::DoNotOptimize(grid.num_free());
  }
  long long cells = 1;
  for (int n : dims) cells *= n;
  state.counters["cells"] = static_cast<double>(cells);
}

// A mesh of 2^k cells, as square as it gets: 1024 = 32x32, 2048 = 64x32, ..., 16384 = 128x128.
void table_10_1(benchmark::State& state) {
  const int log_cells = static_cast<int>(std::lround(std::log2(static_cast<double>(state.range(0)))));
  claim_all(state, {1 << (log_cells - log_cells / 2), 1 << (log_cells / 2)}, state.range(1) == 1,
            static_cast<Search>(state.range(2)));
}

void octree(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  claim_all(state, {side, side, side}, state.range(1) == 1, static_cast<Search>(state.range(2)));
}

// Arguments: cells, start (0 corner, 1 centre), search (0 spiral, 1 tree, 2 nearest).
BENCHMARK(table_10_1)
    ->ArgsProduct({{1024, 2048, 4096, 8192, 16384}, {0, 1}, {0, 1, 2}})
    ->ArgNames({"cells", "centre", "search"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(octree)
    ->ArgsProduct({{16, 32}, {0, 1}, {0, 1, 2}})
    ->ArgNames({"side", "centre", "search"})
    ->Unit(benchmark::kMillisecond);

// One group per node on a 64x32x32 torus: the node-level problem of a 10^6-task stencil on 65,536 nodes x 16
// cores.
void regular_mapper(benchmark::State& state, const char* name, std::vector<int> grid) {
  tamp::TorusSpec spec;
  spec.dims = {64, 32, 32};
  const tamp::Allocation nodes = tamp::Allocation::whole_machine(std::make_shared<tamp::Torus>(spec), 1);
  tamp::StencilGraphSpec stencil;
  stencil.tasks = std::move(grid);
  const tamp::TaskGraph graph = tamp::make_stencil_graph(stencil);
  for (auto _ : state) benchmark::DoNotOptimize(tamp::map_tasks(name, graph, nodes));
}

// Every regular mapper that uses findNearest (and hilbert beside them) on 3D grids and a 2D one; affn
// declines the 2D grid on the 3D box.
const bool registered = [] {
  const std::vector<std::vector<int>> grids = {{128, 32, 16}, {48, 40, 32}, {100, 100, 6}, {256, 256}};
  for (const char* name : {"affn", "exco", "coce", "hilbert"})
    for (const auto& grid : grids) {
      if (grid.size() == 2 && std::string(name) == "affn") continue;
      const std::string label = std::string("regular_mapper/") + name + "/" + tamp::extents_text(grid);
      benchmark::RegisterBenchmark(label.c_str(), regular_mapper, name, grid)->Unit(benchmark::kMillisecond);
    }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
