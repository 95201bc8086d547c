// A ring exchange for the simulated machine's tests: every rank sends a message to rank + 1 and receives one
// from rank - 1, `rounds` times; prints the slowest rank's time (simulated under smpirun). Where the ranks
// sit comes from the launcher (the hostfile), so the same run on two placements shows what distance and
// contention cost.
//   smpirun -np 64 -platform P.xml -hostfile H tamp-sim-ring [bytes] [rounds]
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long bytes = argc > 1 ? std::atol(argv[1]) : 1 << 20;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 4;
  if (bytes <= 0 || rounds <= 0) {
    if (rank == 0) std::fprintf(stderr, "tamp-sim-ring: error: bytes and rounds must be positive\n");
    MPI_Finalize();
    return 1;
  }
  std::vector<char> out(static_cast<std::size_t>(bytes), static_cast<char>(rank)), in(out.size());
  const int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (int r = 0; r < rounds; ++r)
    MPI_Sendrecv(out.data(), static_cast<int>(bytes), MPI_CHAR, next, 0, in.data(), static_cast<int>(bytes),
                 MPI_CHAR, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  double elapsed = MPI_Wtime() - start, slowest = 0;
  MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  // The data came from the previous rank: a wrong route or a lost message fails the run.
  const int ok_here = in.front() == static_cast<char>(prev) && in.back() == static_cast<char>(prev);
  int ok = 0;
  MPI_Reduce(&ok_here, &ok, 1, MPI_INT, MPI_MIN, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("ring ranks %d bytes %ld rounds %d time %.9g s %s\n", size, bytes, rounds, slowest,
                ok ? "verified" : "NOT verified");
  MPI_Finalize();
  return ok || rank != 0 ? 0 : 1;
}
