// Gathered serial FFTW transform: the independent check of the distributed forward transform.
#include "reference.hpp"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "distribution.hpp"
#include "stage_plan.hpp"

namespace tamp::fft {
namespace {

double unit(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-52 - 1.0;
}

// Blocks of every task gathered on rank 0, in task order.
std::vector<std::complex<double>> gather_blocks(MPI_Comm comm, const std::complex<double>* data,
                                                std::int64_t count, int rank, int ranks) {
  int mine = static_cast<int>(2 * count);
  std::vector<int> counts(rank == 0 ? ranks : 0), displs(rank == 0 ? ranks : 0);
  MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  std::int64_t total = 0;
  for (int t = 0; t < static_cast<int>(counts.size()); ++t) {
    displs[t] = static_cast<int>(total);
    total += counts[t];
  }
  std::vector<std::complex<double>> all(static_cast<std::size_t>(total / 2));
  MPI_Gatherv(data, mine, MPI_DOUBLE, all.data(), counts.data(), displs.data(), MPI_DOUBLE, 0, comm);
  return all;
}

}  // namespace

std::complex<double> input_value(const std::array<int, 3>& n, int i0, int i1, int i2) {
  const std::uint64_t index = (static_cast<std::uint64_t>(i0) * n[1] + i1) * n[2] + i2;
  return {unit(2 * index), unit(2 * index + 1)};
}

double forward_error_vs_serial(const FftSpec& spec, MPI_Comm comm, const std::complex<double>* x,
                               const std::complex<double>* z) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const int r = rank / spec.pc, c = rank % spec.pc;
  const auto n = spec.n;
  const std::int64_t x_count =
      std::int64_t{block_of(n[0], spec.pr, r).size} * block_of(n[1], spec.pc, c).size * n[2];
  const std::int64_t z_count = layouts(spec, r, c).z.size();
  const auto xs = gather_blocks(comm, x, x_count, rank, ranks);
  const auto zs = gather_blocks(comm, z, z_count, rank, ranks);
  double error = 0;
  if (rank == 0) {
    const std::int64_t N = spec.elements();
    auto* in = fftw_alloc_complex(N);
    auto* out = fftw_alloc_complex(N);
    if (!in || !out) throw std::runtime_error("cannot allocate the serial check arrays");
    auto* global = reinterpret_cast<std::complex<double>*>(in);
    auto at = [&](int i0, int i1, int i2) { return (std::int64_t{i0} * n[1] + i1) * n[2] + i2; };
    std::int64_t next = 0;
    for (int t = 0; t < ranks; ++t) {  // X blocks: [n0(r)][n1(c)][N2]
      const Block b0 = block_of(n[0], spec.pr, t / spec.pc), b1 = block_of(n[1], spec.pc, t % spec.pc);
      for (int i = 0; i < b0.size; ++i)
        for (int j = 0; j < b1.size; ++j)
          for (int k = 0; k < n[2]; ++k) global[at(b0.offset + i, b1.offset + j, k)] = xs[next++];
    }
    const fftw_plan plan = fftw_plan_dft_3d(n[0], n[1], n[2], in, out, FFTW_FORWARD, FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    const auto* expected = reinterpret_cast<const std::complex<double>*>(out);
    double largest = 0, difference = 0;
    next = 0;
    for (int t = 0; t < ranks; ++t) {  // Z blocks: [N0][n1(r)][n2(c)] in the layout's order
      const Layout z_layout = layouts(spec, t / spec.pc, t % spec.pc).z;
      const auto stride = z_layout.strides();
      const Block b1 = block_of(n[1], spec.pr, t / spec.pc), b2 = block_of(n[2], spec.pc, t % spec.pc);
      for (int i = 0; i < n[0]; ++i)
        for (int j = 0; j < b1.size; ++j)
          for (int k = 0; k < b2.size; ++k) {
            const std::complex<double> want = expected[at(i, b1.offset + j, b2.offset + k)];
            const std::complex<double> got = zs[next + i * stride[0] + j * stride[1] + k * stride[2]];
            difference = std::max(difference, std::abs(got - want));
            largest = std::max(largest, std::abs(want));
          }
      next += z_layout.size();
    }
    fftw_free(in);
    fftw_free(out);
    error = largest > 0 ? difference / largest : difference;
  }
  MPI_Bcast(&error, 1, MPI_DOUBLE, 0, comm);
  return error;
}

}  // namespace tamp::fft
