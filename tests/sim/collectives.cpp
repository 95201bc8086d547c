// The collectives the apps and the harness run, timed one by one on the simulated machine: simulated time
// (MPI_Wtime under smpirun) and the simulator's own wall time (std::chrono on the host), so that the
// collective algorithms can be chosen for speed of simulation at thousands of ranks (docs/simulation.md,
// "Collective algorithms").
//   smpirun -np 4096 -platform P.xml -hostfile H --cfg=smpi/allreduce:rdb ... tamp-sim-collectives [OP...]
// OP: allreduce8 allreduce80 bcast8k reduce8k alltoall alltoallv allgather-record barrier split dup (default:
// all of them). allgather-record is discovery's all-gather: kRecordBytes from every rank to every rank.
// Rank 0 prints one line per OP: "OP ranks P sim S s wall W s"; both include the barrier that ends the OP.
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kAlltoallBytes = 8;  // per pair: "small"
constexpr int kRecordBytes = 188;  // sizeof discovery's WireRecord under SMPI (mapping/discovery/src/exchange.cpp)

// Runs `op` between two barriers; rank 0 prints its simulated and wall time.
template <class Op>
void timed(const char* name, int rank, int size, Op&& op) {
  MPI_Barrier(MPI_COMM_WORLD);
  const auto wall_start = std::chrono::steady_clock::now();
  const double sim_start = MPI_Wtime();
  op();
  MPI_Barrier(MPI_COMM_WORLD);
  const double sim = MPI_Wtime() - sim_start;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  if (rank == 0) std::printf("%-12s ranks %d sim %.9g s wall %.3f s\n", name, size, sim, wall);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::vector<std::string> ops(argv + 1, argv + argc);
  if (ops.empty())
    ops = {"barrier",  "allreduce8", "allreduce80", "bcast8k", "reduce8k",
           "alltoall", "alltoallv",  "allgather-record", "split", "dup"};

  std::vector<double> small_in(10, rank), small_out(10);
  std::vector<char> block(8192, static_cast<char>(rank)), block_out(8192);
  std::vector<char> a2a_in(static_cast<std::size_t>(size) * kAlltoallBytes, 1), a2a_out(a2a_in.size());
  std::vector<int> counts(size, kAlltoallBytes), displs(size);
  for (int i = 0; i < size; ++i) displs[i] = i * kAlltoallBytes;
  int status = 0;
  for (const std::string& op : ops) {
    if (op == "barrier") {
      timed("barrier", rank, size, [] {});
    } else if (op == "allreduce8") {
      timed("allreduce8", rank, size, [&] {
        MPI_Allreduce(small_in.data(), small_out.data(), 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      });
      if (small_out[0] != 0.5 * size * (size - 1)) status = 1;
    } else if (op == "allreduce80") {
      timed("allreduce80", rank, size, [&] {
        MPI_Allreduce(small_in.data(), small_out.data(), 10, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      });
    } else if (op == "bcast8k") {
      timed("bcast8k", rank, size, [&] { MPI_Bcast(block.data(), 8192, MPI_CHAR, 0, MPI_COMM_WORLD); });
      if (block.back() != 0) status = 1;
    } else if (op == "reduce8k") {
      timed("reduce8k", rank, size,
            [&] { MPI_Reduce(block.data(), block_out.data(), 8192, MPI_CHAR, MPI_MAX, 0, MPI_COMM_WORLD); });
    } else if (op == "alltoall") {
      timed("alltoall", rank, size, [&] {
        MPI_Alltoall(a2a_in.data(), kAlltoallBytes, MPI_CHAR, a2a_out.data(), kAlltoallBytes, MPI_CHAR,
                     MPI_COMM_WORLD);
      });
    } else if (op == "alltoallv") {
      timed("alltoallv", rank, size, [&] {
        MPI_Alltoallv(a2a_in.data(), counts.data(), displs.data(), MPI_CHAR, a2a_out.data(), counts.data(),
                      displs.data(), MPI_CHAR, MPI_COMM_WORLD);
      });
    } else if (op == "allgather-record") {
      std::vector<char> mine(kRecordBytes, static_cast<char>(rank));
      std::vector<char> all(static_cast<std::size_t>(size) * kRecordBytes);
      timed("allgather-record", rank, size, [&] {
        MPI_Allgather(mine.data(), kRecordBytes, MPI_CHAR, all.data(), kRecordBytes, MPI_CHAR, MPI_COMM_WORLD);
      });
      if (all[static_cast<std::size_t>(size - 1) * kRecordBytes] != static_cast<char>(size - 1)) status = 1;
    } else if (op == "split" || op == "dup") {
      MPI_Comm comm = MPI_COMM_NULL;
      timed(op.c_str(), rank, size, [&] {
        if (op == "split")
          MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &comm);
        else
          MPI_Comm_dup(MPI_COMM_WORLD, &comm);
      });
      MPI_Comm_free(&comm);
    } else {
      if (rank == 0)
        std::fprintf(stderr, "tamp-sim-collectives: error: unknown operation '%s'\n", op.c_str());
      status = 2;
      break;
    }
  }
  MPI_Finalize();
  return status;
}
