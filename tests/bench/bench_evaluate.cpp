// Speed of evaluate(): the target is a 10^6-task 3D 7-point stencil on a 65,536-node torus (16 cores per
// node) with link loads in under a second on one core (docs/performance.md).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>

#include "tamp/generators.hpp"
#include "tamp/metrics.hpp"
#include "tamp/torus.hpp"

namespace {

struct Case {
  tamp::TaskGraph graph;
  tamp::Allocation allocation;
  tamp::Mapping identity;
  tamp::Mapping random;
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
  std::vector<int> slots(c.graph.num_tasks());
  std::iota(slots.begin(), slots.end(), 0);
  c.identity = tamp::Mapping(slots, c.allocation.num_slots());
  std::vector<int> all(c.allocation.num_slots());
  std::iota(all.begin(), all.end(), 0);
  std::mt19937_64 rng(42);
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(slots.size());
  c.random = tamp::Mapping(all, c.allocation.num_slots());
  return c;
}

const Case& million() {
  static const Case c = make_case({100, 100, 100}, {64, 32, 32}, 16);
  return c;
}

const Case& small() {
  static const Case c = make_case({64, 64, 64}, {32, 32, 16}, 16);
  return c;
}

void run(benchmark::State& state, const Case& c, bool random, bool loads) {
  const tamp::Mapping& m = random ? c.random : c.identity;
  tamp::Metrics metrics;
  for (auto _ : state) {
    metrics = tamp::evaluate(c.graph, c.allocation, m, [&] { tamp::EvaluateOptions o; o.link_loads = loads; return o; }());
    benchmark::DoNotOptimize(metrics.hop_bytes);
  }
  state.counters["hops_per_byte"] = metrics.hops_per_byte;
  state.counters["max_link_load"] = metrics.max_link_load;
  state.counters["messages/s"] = benchmark::Counter(static_cast<double>(c.graph.num_edges()),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Stencil100cubed_Torus64x32x32_Default(benchmark::State& s) {
  run(s, million(), false, true);
}
void BM_Stencil100cubed_Torus64x32x32_Random(benchmark::State& s) {
  run(s, million(), true, true);
}
void BM_Stencil100cubed_Torus64x32x32_Default_NoLoads(benchmark::State& s) {
  run(s, million(), false, false);
}
void BM_Stencil64cubed_Torus32x32x16_Default(benchmark::State& s) {
  run(s, small(), false, true);
}
void BM_Stencil64cubed_Torus32x32x16_Random(benchmark::State& s) {
  run(s, small(), true, true);
}

BENCHMARK(BM_Stencil100cubed_Torus64x32x32_Default)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Stencil100cubed_Torus64x32x32_Random)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Stencil100cubed_Torus64x32x32_Default_NoLoads)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Stencil64cubed_Torus32x32x16_Default)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Stencil64cubed_Torus32x32x16_Random)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
