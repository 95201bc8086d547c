// A code with an irregular neighbour list that adopts TAMP's mapping (docs/porting.md): discovery tells where
// the ranks run, the gathered neighbour lists are the task graph, MPI_Comm_split applies the mapping, and it
// prints hop-bytes before and after.
//
// Usage: mpirun -np N cxx-neighbours [TOPOLOGY]   (a discovery source; default $TAMP_TOPOLOGY, else auto)
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "tamp/discovery/discover.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/task_graph.hpp"

namespace {

constexpr int kBytes = 8192;  // bytes per neighbour per step
constexpr int kSteps = 20;

// The application's own neighbour list: a ring plus one long-range partner (as unstructured meshes have).
std::vector<int> my_neighbours(int rank, int size) {
  std::vector<int> list{(rank + 1) % size, (rank + size - 1) % size};
  const int partner = (rank * 7 + 3) % size;
  if (partner != rank && partner != list[0] && partner != list[1]) list.push_back(partner);
  return list;
}

// The application's own step, unchanged: a message to every neighbour on `comm`, and one from each rank that
// has this one in its list (`incoming` of them: the lists are not symmetric).
double step_time(MPI_Comm comm, const std::vector<int>& neighbours, int incoming) {
  std::vector<char> out(kBytes), in(std::size_t(kBytes) * incoming);
  std::vector<MPI_Request> requests;
  MPI_Barrier(comm);
  const double start = MPI_Wtime();
  for (int step = 0; step < kSteps; ++step) {
    requests.assign(neighbours.size() + incoming, MPI_REQUEST_NULL);
    for (int k = 0; k < incoming; ++k)
      MPI_Irecv(&in[std::size_t(k) * kBytes], kBytes, MPI_CHAR, MPI_ANY_SOURCE, 0, comm, &requests[k]);
    for (std::size_t k = 0; k < neighbours.size(); ++k)
      MPI_Isend(out.data(), kBytes, MPI_CHAR, neighbours[k], 0, comm, &requests[incoming + k]);
    MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  }
  double t = (MPI_Wtime() - start) / kSteps, worst = 0;
  MPI_Allreduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, comm);
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* env = std::getenv("TAMP_TOPOLOGY");
  const std::string source = argc > 1 ? argv[1] : env ? env : "auto";
  try {
    // 1. Communication: every rank's neighbour list, gathered (MPI_Allgatherv) into one task graph.
    const std::vector<int> mine = my_neighbours(rank, size);
    const int count = static_cast<int>(mine.size());
    std::vector<int> counts(size), displs(size + 1, 0);
    MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; ++r) displs[r + 1] = displs[r] + counts[r];
    std::vector<int> all(displs[size]);
    MPI_Allgatherv(mine.data(), count, MPI_INT, all.data(), counts.data(), displs.data(), MPI_INT,
                   MPI_COMM_WORLD);
    std::vector<tamp::Edge> edges;
    std::vector<int> incoming(size, 0);
    for (int t = 0; t < size; ++t)
      for (int e = displs[t]; e < displs[t + 1]; ++e) {
        edges.push_back({t, all[e], double(kBytes)});
        ++incoming[all[e]];
      }
    const tamp::TaskGraph graph = tamp::TaskGraph::from_edges(size, std::move(edges));

    // 2. The allocation: where each rank runs (the same answer on every rank).
    const tamp::discovery::JobLayout layout = tamp::discovery::discover_layout(source, MPI_COMM_WORLD);

    // 3. The mapping, and the launcher's layout it replaces (task r on rank r's slot).
    const tamp::Mapping before(layout.slot_of_rank, layout.job.num_slots());
    const tamp::Mapping after = tamp::map_tasks("auto", graph, layout.job);
    const tamp::Metrics mb = tamp::evaluate(graph, layout.job, before);
    const tamp::Metrics ma = tamp::evaluate(graph, layout.job, after);

    // 4. Apply: the rank on a slot takes the task mapped there; the code continues on the new communicator.
    int task = 0;
    while (after.slot(task) != layout.slot_of_rank[rank]) ++task;
    MPI_Comm mapped = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, 0, task, &mapped);

    // 5. Measure: hop-bytes and predicted time from the model, time per step from the run.
    const double step_before = step_time(MPI_COMM_WORLD, mine, incoming[rank]);
    const double step_after = step_time(mapped, my_neighbours(task, size), incoming[task]);
    if (rank == 0) {
      std::printf("cxx-neighbours: %d ranks on %s (found by %s)\n", size, source.c_str(),
                  layout.found_by.c_str());
      std::printf("hop-bytes before %g after %g\n", mb.hop_bytes, ma.hop_bytes);
      std::printf("predicted time before %g s after %g s\n", mb.predicted_comm_time, ma.predicted_comm_time);
      std::printf("time per step before %g s after %g s\n", step_before, step_after);
    }
    MPI_Comm_free(&mapped);
  } catch (const std::exception& e) {  // discovery errors are agreed: every rank has the same message
    if (rank == 0) std::fprintf(stderr, "cxx-neighbours: error: %s\n", e.what());
    MPI_Finalize();
    return 1;
  }
  MPI_Finalize();
  return 0;
}
