// FFTW-MPI's slab transform timed the way tamp-fft times its own: forward + backward pairs of an N0xN1xN2
// complex array (transposed output, as tamp-fft's), one untimed pair, then `iterations` timed pairs; the time
// is the maximum over ranks. Prints one JSON line. Not part of TAMP (README.md).
#include <fftw3-mpi.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Args {
  ptrdiff_t n[3] = {64, 64, 64};
  int iterations = 10;
  unsigned flags = FFTW_MEASURE;
  bool transposed = true;  // FFTW_MPI_TRANSPOSED_OUT / _IN; false: the natural layout on both sides
};

bool parse(int argc, char** argv, Args& args) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--size") {
      long a = 0, b = 0, c = 0;
      const int got = std::sscanf(value.c_str(), "%ldx%ldx%ld", &a, &b, &c);
      if (got == 1) b = c = a;
      if ((got != 1 && got != 3) || a < 1 || b < 1 || c < 1) return false;
      args.n[0] = a, args.n[1] = b, args.n[2] = c;
    } else if (key == "--iterations") {
      args.iterations = std::max(1, std::atoi(value.c_str()));
    } else if (key == "--layout") {
      if (value != "transposed" && value != "normal") return false;
      args.transposed = value == "transposed";
    } else if (key == "--plan") {
      if (value != "estimate" && value != "measure") return false;
      args.flags = value == "measure" ? FFTW_MEASURE : FFTW_ESTIMATE;
    } else {
      return false;
    }
  }
  return argc % 2 == 1;
}

double value_at(ptrdiff_t index) {  // deterministic input in [-1, 1)
  std::uint64_t z = static_cast<std::uint64_t>(index) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-52 - 1.0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  fftw_mpi_init();
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  Args args;
  if (!parse(argc, argv, args)) {
    if (rank == 0)
      std::fprintf(stderr,
                   "usage: fftw-mpi-slab [--size N0xN1xN2|N] [--iterations K] [--plan estimate|measure] "
                   "[--layout transposed|normal]\n");
    MPI_Finalize();
    return 2;
  }
  const ptrdiff_t* n = args.n;
  ptrdiff_t local_n0 = 0, start0 = 0, local_n1 = 0, start1 = 0;
  const ptrdiff_t alloc = fftw_mpi_local_size_3d_transposed(n[0], n[1], n[2], MPI_COMM_WORLD, &local_n0,
                                                            &start0, &local_n1, &start1);
  fftw_complex* data = fftw_alloc_complex(alloc);
  const fftw_plan forward =
      fftw_mpi_plan_dft_3d(n[0], n[1], n[2], data, data, MPI_COMM_WORLD, FFTW_FORWARD,
                           args.flags | (args.transposed ? FFTW_MPI_TRANSPOSED_OUT : 0u));
  const fftw_plan backward =
      fftw_mpi_plan_dft_3d(n[0], n[1], n[2], data, data, MPI_COMM_WORLD, FFTW_BACKWARD,
                           args.flags | (args.transposed ? FFTW_MPI_TRANSPOSED_IN : 0u));
  const ptrdiff_t local = local_n0 * n[1] * n[2];
  auto fill = [&] {
    for (ptrdiff_t i = 0; i < local; ++i) {
      const ptrdiff_t global = start0 * n[1] * n[2] + i;
      data[i][0] = value_at(2 * global);
      data[i][1] = value_at(2 * global + 1);
    }
  };
  const double scale = 1.0 / (double(n[0]) * n[1] * n[2]);
  auto pair = [&] {
    fftw_execute(forward);
    fftw_execute(backward);
    for (ptrdiff_t i = 0; i < local; ++i) data[i][0] *= scale, data[i][1] *= scale;
  };
  fill();
  pair();
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (int i = 0; i < args.iterations; ++i) pair();
  double seconds = (MPI_Wtime() - start) / args.iterations, slowest = 0;
  MPI_Allreduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);

  // Round-trip check after all pairs: relative max error.
  double err[2] = {0, 0}, all[2] = {0, 0};
  for (ptrdiff_t i = 0; i < local; ++i) {
    const ptrdiff_t global = start0 * n[1] * n[2] + i;
    const std::complex<double> want(value_at(2 * global), value_at(2 * global + 1));
    err[0] = std::max(err[0], std::abs(std::complex<double>(data[i][0], data[i][1]) - want));
    err[1] = std::max(err[1], std::abs(want));
  }
  MPI_Allreduce(err, all, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  const double N = double(n[0]) * n[1] * n[2];
  if (rank == 0) {
    std::printf(
        "{\"app\": \"fftw-mpi-slab\", \"size\": [%td, %td, %td], \"ranks\": %d, \"iterations\": %d, "
        "\"plan\": \"%s\", \"layout\": \"%s\", \"seconds_per_pair\": %.6e, \"gflops\": %.4f, "
        "\"roundtrip_error\": %.3e}\n",
        n[0], n[1], n[2], ranks, args.iterations, args.flags == FFTW_MEASURE ? "measure" : "estimate",
        args.transposed ? "transposed" : "normal", slowest, 2 * 5 * N * std::log2(N) / slowest * 1e-9,
        all[0] / all[1]);
  }
  fftw_destroy_plan(forward);
  fftw_destroy_plan(backward);
  fftw_free(data);
  fftw_mpi_cleanup();
  MPI_Finalize();
  return all[0] / all[1] < 1e-12 ? 0 : 1;
}
