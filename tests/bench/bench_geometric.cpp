// Speed of the geometric mappers: the target is geom-rs (36 rotations, hop-bytes objective) on a 3D 7-point
// stencil of about 10^6 tasks onto a 64x32x32 torus with 16 cores per node in at most 5 s on one core (issue
// 3). The registered geom-rs works on node-sized blocks (65,536 groups); the *_Slots cases time the paper's
// form, which partitions all 10^6 cores.
#include <benchmark/benchmark.h>

#include <memory>

#include "algorithms/geometric/geometric.hpp"
#include "tamp/generators.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/torus.hpp"

namespace {

struct Case {
  tamp::TaskGraph graph;
  tamp::Allocation allocation;
};

Case make_case(std::vector<int> grid, std::vector<int> torus, int cores) {
  Case c;
  tamp::StencilGraphSpec stencil;
  stencil.tasks = std::move(grid);
  stencil.points = 7;
  c.graph = tamp::make_stencil_graph(stencil);
  tamp::TorusSpec spec;
  spec.dims = std::move(torus);
  c.allocation = tamp::Allocation::whole_machine(std::make_shared<tamp::Torus>(spec), cores);
  return c;
}

// 2^20 tasks on 2^20 cores: every core used.
const Case& full() {
  static const Case c = make_case({128, 128, 64}, {64, 32, 32}, 16);
  return c;
}

// 10^6 tasks on 1,048,576 cores: the closest subset is chosen first.
const Case& million() {
  static const Case c = make_case({100, 100, 100}, {64, 32, 32}, 16);
  return c;
}

// 10^6 tasks with no two extents alike: none of the six task orderings stands for another.
const Case& million_uneven() {
  static const Case c = make_case({125, 100, 80}, {64, 32, 32}, 16);
  return c;
}

const Case& small() {
  static const Case c = make_case({64, 64, 64}, {32, 32, 16}, 16);
  return c;
}

void run(benchmark::State& state, const Case& c, tamp::MapperFn algorithm) {
  tamp::Mapping m;
  for (auto _ : state) {
    m = algorithm(c.graph, c.allocation, {});
    benchmark::DoNotOptimize(m.slots().data());
  }
  const tamp::Metrics metrics = tamp::evaluate(c.graph, c.allocation, m, [] { tamp::EvaluateOptions o; o.link_loads = false; return o; }());
  state.counters["hops_per_byte"] = metrics.hops_per_byte;
  state.counters["offnode_fraction"] = metrics.offnode_fraction;
}

using tamp::impl::map_geom;
using tamp::impl::map_geom_r;
using tamp::impl::map_geom_rs;
using tamp::impl::map_geom_rs_slots;

void BM_GeomRS_Stencil128x128x64_Torus64x32x32x16(benchmark::State& s) {
  run(s, full(), map_geom_rs);
}
void BM_GeomR_Stencil128x128x64_Torus64x32x32x16(benchmark::State& s) {
  run(s, full(), map_geom_r);
}
void BM_Geom_Stencil128x128x64_Torus64x32x32x16(benchmark::State& s) {
  run(s, full(), map_geom);
}
void BM_GeomRS_Stencil100cubed_Torus64x32x32x16(benchmark::State& s) {
  run(s, million(), map_geom_rs);
}
void BM_GeomRS_Stencil125x100x80_Torus64x32x32x16(benchmark::State& s) {
  run(s, million_uneven(), map_geom_rs);
}
void BM_GeomRS_Stencil64cubed_Torus32x32x16x16(benchmark::State& s) {
  run(s, small(), map_geom_rs);
}
void BM_GeomRS_Slots_Stencil128x128x64_Torus64x32x32x16(benchmark::State& s) {
  run(s, full(), map_geom_rs_slots);
}
void BM_GeomRS_Slots_Stencil100cubed_Torus64x32x32x16(benchmark::State& s) {
  run(s, million(), map_geom_rs_slots);
}

BENCHMARK(BM_GeomRS_Stencil128x128x64_Torus64x32x32x16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GeomR_Stencil128x128x64_Torus64x32x32x16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Geom_Stencil128x128x64_Torus64x32x32x16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GeomRS_Stencil100cubed_Torus64x32x32x16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GeomRS_Stencil125x100x80_Torus64x32x32x16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GeomRS_Stencil64cubed_Torus32x32x16x16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GeomRS_Slots_Stencil128x128x64_Torus64x32x32x16)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_GeomRS_Slots_Stencil100cubed_Torus64x32x32x16)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
