/* The C API of the TAMP mapping module, for C and Fortran codes (docs/c-api.md; Fortran: module tamp_mapping).
 *
 * Handles are opaque; every function that can fail returns a status (TAMP_OK = 0) and leaves a one-line message
 * for tamp_last_error() (per thread). Counts and ids are 0-based: task t, slot s, CSR offsets and targets.
 * Slot s of a machine's allocation is allocated node s / cores, core s % cores (docs/mapping.md). */
#ifndef TAMP_MAPPING_H
#define TAMP_MAPPING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum tamp_status {
  TAMP_OK = 0,
  TAMP_ERROR_INVALID = 1, /* bad argument, unknown name, algorithm not applicable */
  TAMP_ERROR_PARSE = 2,   /* malformed file: the message names the file and line */
  TAMP_ERROR_RUNTIME = 3, /* anything else the library reported */
  TAMP_ERROR_MEMORY = 4
};

enum tamp_objective { TAMP_OBJECTIVE_HOP_BYTES = 0, TAMP_OBJECTIVE_CONGESTION = 1, TAMP_OBJECTIVE_TIME = 2 };

typedef struct tamp_machine tamp_machine; /* a network and the job's allocation */
typedef struct tamp_graph tamp_graph;     /* tasks and the bytes they exchange */
typedef struct tamp_mapping tamp_mapping; /* task -> slot */

/* Options of tamp_map; tamp_map_options_init fills the defaults (seed 1, hop-bytes, 1 task per slot, the
 * refine bounds of MapOptions, threads 0: OMP_NUM_THREADS when set, else every core). */
typedef struct tamp_map_options {
  uint64_t seed;
  int objective; /* enum tamp_objective */
  int max_tasks_per_slot;
  int refine_passes;
  int64_t refine_work;
  double refine_seconds;
  int threads; /* for auto's and geom-r's searches; the mapping is the same for every count */
} tamp_map_options;

typedef struct tamp_metrics {
  int64_t messages;
  double total_bytes;
  double hop_bytes;
  double hops_per_byte;
  double avg_dilation;
  int max_dilation;
  double max_link_load;
  double mean_link_load;
  double max_congestion;
  double offnode_fraction;
  double predicted_comm_time; /* seconds per iteration, over the graph's phases (docs/mapping.md) */
} tamp_metrics;

/* The message of the last failed call on this thread ("" when none). Valid until the next failing call. */
const char* tamp_last_error(void);

/* A machine file (docs/file-formats.md) or an inline spec such as "torus:4x4x4,cores=4". */
int tamp_machine_load(const char* file_or_spec, tamp_machine** machine);
void tamp_machine_free(tamp_machine* machine);
int tamp_machine_num_slots(const tamp_machine* machine, int* slots);
int tamp_machine_num_nodes(const tamp_machine* machine, int* nodes);

/* A task graph from CSR arrays: the messages of task t go to targets[offsets[t] .. offsets[t+1]-1] with the bytes
 * at the same positions (bytes NULL: 1 byte each). Arrays are copied. */
int tamp_graph_from_csr(int num_tasks, const int64_t* offsets, const int* targets, const double* bytes,
                        tamp_graph** graph);
/* A graph file (METIS .graph, .edges) or a generator spec ("stencil3d:8x8x8"). */
int tamp_graph_load(const char* file_or_spec, tamp_graph** graph);
/* dim coordinates per task, task after task (num_tasks * dim numbers). */
int tamp_graph_set_coordinates(tamp_graph* graph, int dim, const double* xyz);
/* The tasks form a grid of ndims dimensions, dimension 0 fastest; periodic may be NULL (none periodic). */
int tamp_graph_set_grid(tamp_graph* graph, int ndims, const int* dims, const int* periodic);
int tamp_graph_num_tasks(const tamp_graph* graph, int* num_tasks);
void tamp_graph_free(tamp_graph* graph);

void tamp_map_options_init(tamp_map_options* options);
/* Runs the named algorithm ("blocked", "auto", "geom-rs+refine", ...); options NULL: defaults. */
int tamp_map(const tamp_graph* graph, const tamp_machine* machine, const char* algorithm,
             const tamp_map_options* options, tamp_mapping** mapping);
/* A mapping from a slot array (slots[t] = slot of task t), e.g. the one an application already uses. */
int tamp_mapping_from_slots(const tamp_machine* machine, int num_tasks, const int* slots, tamp_mapping** mapping);
int tamp_mapping_num_tasks(const tamp_mapping* mapping, int* num_tasks);
/* Copies the slot of every task into slots[0 .. capacity-1]; fails when capacity < number of tasks. */
int tamp_mapping_get_slots(const tamp_mapping* mapping, int* slots, int capacity);
void tamp_mapping_free(tamp_mapping* mapping);

int tamp_evaluate(const tamp_graph* graph, const tamp_machine* machine, const tamp_mapping* mapping,
                  tamp_metrics* metrics);

#ifdef __cplusplus
}
#endif

#endif /* TAMP_MAPPING_H */
