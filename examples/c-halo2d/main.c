/* A 2D halo exchange that adopts TAMP's mapping (docs/porting.md): describe the halo as a task graph, map it
 * onto the job's machine, renumber the ranks with MPI_Comm_split, and compare hop-bytes before and after.
 * Usage: mpirun -np N c-halo2d MACHINE   (a machine file or spec with N slots, e.g. torus:4x1,cores=1) */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tamp/mapping.h"

enum { FACE = 1024, STEPS = 20 }; /* doubles per face; halo steps timed */

static void check(int status, const char* what) {
  if (status != TAMP_OK) {
    fprintf(stderr, "c-halo2d: error: %s: %s\n", what, tamp_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

/* The application's own step, unchanged: exchange one face with each of the 4 neighbours of `cart`. */
static double halo_steps(MPI_Comm cart) {
  static double send[FACE], recv[FACE];
  MPI_Barrier(cart);
  const double start = MPI_Wtime();
  for (int step = 0; step < STEPS; ++step)
    for (int dim = 0; dim < 2; ++dim)
      for (int dir = -1; dir <= 1; dir += 2) {
        int from, to;
        MPI_Cart_shift(cart, dim, dir, &from, &to);
        MPI_Sendrecv(send, FACE, MPI_DOUBLE, to, 0, recv, FACE, MPI_DOUBLE, from, 0, cart, MPI_STATUS_IGNORE);
      }
  double t = (MPI_Wtime() - start) / STEPS, worst;
  MPI_Allreduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, cart);
  return worst;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 2) {
    if (rank == 0) fprintf(stderr, "c-halo2d: error: usage: c-halo2d MACHINE (a machine file or spec)\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int dims[2] = {0, 0}, periods[2] = {1, 1};
  MPI_Dims_create(size, 2, dims);
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);

  /* 1. Communication: every rank's halo list, gathered into one task graph (task = rank of `cart`). */
  int mine[4], n = 0;
  for (int dim = 0; dim < 2; ++dim) MPI_Cart_shift(cart, dim, 1, &mine[2 * dim], &mine[2 * dim + 1]);
  int* all = malloc(4 * (size_t)size * sizeof *all);
  MPI_Allgather(mine, 4, MPI_INT, all, 4, MPI_INT, MPI_COMM_WORLD);
  int64_t* offsets = malloc(((size_t)size + 1) * sizeof *offsets);
  int* targets = malloc(4 * (size_t)size * sizeof *targets);
  double* bytes = malloc(4 * (size_t)size * sizeof *bytes);
  for (int t = 0; t < size; ++t) {
    offsets[t] = n;
    for (int k = 0; k < 4; ++k)
      if (all[4 * t + k] != t) { /* a neighbour that is the task itself sends nothing over the network */
        targets[n] = all[4 * t + k];
        bytes[n++] = FACE * sizeof(double);
      }
  }
  offsets[size] = n;
  tamp_graph* graph = NULL;
  check(tamp_graph_from_csr(size, offsets, targets, bytes, &graph), "graph");

  /* 2. The allocation: a machine file of the job (tamp-topo --out) or a spec; rank r runs on slot r. */
  tamp_machine* machine = NULL;
  int slots_in_machine = 0;
  check(tamp_machine_load(argv[1], &machine), argv[1]);
  check(tamp_machine_num_slots(machine, &slots_in_machine), argv[1]);
  if (slots_in_machine != size) {
    if (rank == 0)
      fprintf(stderr, "c-halo2d: error: %s has %d slots for %d ranks\n", argv[1], slots_in_machine, size);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  /* 3. The mapping, and the placement it replaces (launcher order). Every rank computes the same one. */
  int* slots = malloc((size_t)size * sizeof *slots);
  for (int t = 0; t < size; ++t) slots[t] = t;
  tamp_mapping *before = NULL, *after = NULL;
  tamp_metrics mb, ma;
  check(tamp_mapping_from_slots(machine, size, slots, &before), "launcher order");
  check(tamp_map(graph, machine, "auto", NULL, &after), "auto");
  check(tamp_evaluate(graph, machine, before, &mb), "evaluate");
  check(tamp_evaluate(graph, machine, after, &ma), "evaluate");
  check(tamp_mapping_get_slots(after, slots, size), "slots");

  /* 4. Apply: the rank on slot `rank` takes the task mapped there; the code continues on the new
   * communicator. */
  int task = 0;
  while (slots[task] != rank) ++task;
  MPI_Comm mapped, mapped_cart;
  MPI_Comm_split(MPI_COMM_WORLD, 0, task, &mapped);
  MPI_Cart_create(mapped, 2, dims, periods, 0, &mapped_cart);

  /* 5. Measure: hop-bytes and predicted time from the model, time per step from the run. */
  const double step_before = halo_steps(cart), step_after = halo_steps(mapped_cart);
  if (rank == 0) {
    printf("c-halo2d: %d ranks, grid %dx%d on %s\n", size, dims[0], dims[1], argv[1]);
    printf("hop-bytes before %g after %g\n", mb.hop_bytes, ma.hop_bytes);
    printf("predicted time before %g s after %g s\n", mb.predicted_comm_time, ma.predicted_comm_time);
    printf("time per step before %g s after %g s\n", step_before, step_after);
  }
  tamp_mapping_free(before);
  tamp_mapping_free(after);
  tamp_machine_free(machine);
  tamp_graph_free(graph);
  free(slots), free(all), free(offsets), free(targets), free(bytes);
  MPI_Comm_free(&mapped_cart), MPI_Comm_free(&mapped), MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
