// The stencil app's sweep kernel against a STREAM-like triad, both out of cache and counted the STREAM way:
// 16 bytes per cell for the sweep (read once, write once), 24 per element for the triad, so sweep GB/s /
// triad GB/s is the share of the machine's streaming bandwidth the kernel reaches. The triad is compiled like
// STREAM's (-march=native when TAMP_NATIVE_KERNELS); tests/perf/stream_compare runs the real stream.c beside
// it. Threads: OMP_NUM_THREADS.
//   tamp-bench-stencil-sweep --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cstdint>

#include "field.hpp"
#include "stencil_kernel.hpp"
#include "tamp/app/backend.hpp"

namespace {

using tamp::stencil::Box;
using tamp::stencil::Layout;

constexpr int kSide = 512;  // 512^3 cells (+ halo): 2 x 1.1 GB, beyond any cache (this machine has 300 MB of L3)

Layout cube_layout(int halo_z) {
  Layout layout;
  layout.n = {kSide, kSide, halo_z ? kSide : 1};
  layout.halo = {1, 1, halo_z};
  return layout;
}

// Allocated as the app's fields (field.hpp: 2 MiB aligned, huge pages requested). Filled in parallel.
tamp::stencil::Field make_field(const Layout& layout, double value) {
  tamp::stencil::Field field(layout.size());
  double* data = field.data();
  const std::int64_t n = layout.size();
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) data[i] = value + static_cast<double>(i % 97);
  return field;
}

// STREAM's triad a = b + q c on three arrays of the fields' size.
void stream_triad(benchmark::State& state) {
  const Layout layout = cube_layout(1);
  tamp::stencil::Field a = make_field(layout, 0.0), b = make_field(layout, 1.0), c = make_field(layout, 2.0);
  const std::int64_t n = layout.size();
  double* dst = a.data();
  const double* x = b.data();
  const double* y = c.data();
  const double q = 3.0;
  for (auto _ : state) {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) dst[i] = x[i] + q * y[i];
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * 24);
}

template <class Tag>
void sweep(benchmark::State& state) {
  const int points = static_cast<int>(state.range(0));
  const Layout layout = cube_layout(points == 7 || points == 27 ? 1 : 0);
  tamp::stencil::Field in = make_field(layout, 1.0), out = make_field(layout, 0.0);
  Box box;
  box.hi = layout.n;
  for (auto _ : state) {
    tamp::stencil::sweep(Tag{}, points, layout, box, in.data(), out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * box.cells() * 16);
  state.counters["MLUP/s"] = benchmark::Counter(static_cast<double>(box.cells()) * state.iterations() / 1e6,
                                                benchmark::Counter::kIsRate);
}

BENCHMARK(stream_triad)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(sweep<tamp::app::OpenMPTag>)->Name("sweep_openmp")->Arg(7)->Arg(27)->Arg(5)->Unit(benchmark::kMillisecond)
    ->UseRealTime();
#ifdef TAMP_HAVE_KOKKOS
BENCHMARK(sweep<tamp::app::KokkosTag>)->Name("sweep_kokkos")->Arg(7)->Arg(27)->Unit(benchmark::kMillisecond)
    ->UseRealTime();
#endif

}  // namespace

int main(int argc, char** argv) {
#ifdef TAMP_HAVE_KOKKOS
  tamp::app::BackendSession kokkos(tamp::app::Backend::kokkos);
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
