/* The C API from C: a 4x4 5-point stencil on a 4x4 torus, mapped by name, evaluated, and the error paths.
 * Exit status 0 when every check holds (registered with CTest by tests/capi/CMakeLists.txt). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tamp/mapping.h"

static int failures = 0;

#define CHECK(cond)                                                         \
  do {                                                                      \
    if (!(cond)) {                                                          \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                           \
    }                                                                       \
  } while (0)

/* CSR of a 4x4 grid, every task sending 8 bytes to each of its (up to 4) neighbours. */
static int build_stencil(int64_t offsets[17], int targets[64], double bytes[64]) {
  int e = 0;
  offsets[0] = 0;
  for (int t = 0; t < 16; ++t) {
    const int x = t % 4, y = t / 4;
    const int nx[4] = {x - 1, x + 1, x, x};
    const int ny[4] = {y, y, y - 1, y + 1};
    for (int k = 0; k < 4; ++k) {
      if (nx[k] < 0 || nx[k] > 3 || ny[k] < 0 || ny[k] > 3) continue;
      targets[e] = ny[k] * 4 + nx[k];
      bytes[e] = 8;
      ++e;
    }
    offsets[t + 1] = e;
  }
  return e;
}

static int is_permutation(const int* slots, int n) {
  int seen[64] = {0};
  for (int t = 0; t < n; ++t) {
    if (slots[t] < 0 || slots[t] >= n || seen[slots[t]]) return 0;
    seen[slots[t]] = 1;
  }
  return 1;
}

int main(void) {
  tamp_machine* machine = NULL;
  CHECK(tamp_machine_load("torus:4x4,cores=1", &machine) == TAMP_OK);
  int slots_count = 0, nodes = 0;
  CHECK(tamp_machine_num_slots(machine, &slots_count) == TAMP_OK && slots_count == 16);
  CHECK(tamp_machine_num_nodes(machine, &nodes) == TAMP_OK && nodes == 16);

  int64_t offsets[17];
  int targets[64];
  double bytes[64];
  const int messages = build_stencil(offsets, targets, bytes);
  CHECK(messages == 48);
  tamp_graph* graph = NULL;
  CHECK(tamp_graph_from_csr(16, offsets, targets, bytes, &graph) == TAMP_OK);
  int tasks = 0;
  CHECK(tamp_graph_num_tasks(graph, &tasks) == TAMP_OK && tasks == 16);
  const int dims[2] = {4, 4};
  CHECK(tamp_graph_set_grid(graph, 2, dims, NULL) == TAMP_OK);

  /* default: the grid lies on the torus as is, every message 1 hop: 48 x 8 = 384 hop-bytes. */
  tamp_mapping* mapping = NULL;
  tamp_metrics m;
  CHECK(tamp_map(graph, machine, "default", NULL, &mapping) == TAMP_OK);
  CHECK(tamp_evaluate(graph, machine, mapping, &m) == TAMP_OK);
  CHECK(m.messages == 48 && m.total_bytes == 384 && m.hop_bytes == 384 && m.max_dilation == 1);
  int slots[16];
  CHECK(tamp_mapping_get_slots(mapping, slots, 16) == TAMP_OK);
  for (int t = 0; t < 16; ++t) CHECK(slots[t] == t);
  CHECK(tamp_mapping_get_slots(mapping, slots, 15) == TAMP_ERROR_INVALID);
  tamp_mapping_free(mapping);

  /* random + refine with options: a permutation, no worse than random alone. */
  tamp_map_options options;
  tamp_map_options_init(&options);
  CHECK(options.seed == 1 && options.objective == TAMP_OBJECTIVE_HOP_BYTES && options.max_tasks_per_slot == 1);
  options.seed = 42;
  tamp_metrics random_metrics, refined_metrics;
  CHECK(tamp_map(graph, machine, "random", &options, &mapping) == TAMP_OK);
  CHECK(tamp_evaluate(graph, machine, mapping, &random_metrics) == TAMP_OK);
  tamp_mapping_free(mapping);
  CHECK(tamp_map(graph, machine, "random+refine", &options, &mapping) == TAMP_OK);
  CHECK(tamp_evaluate(graph, machine, mapping, &refined_metrics) == TAMP_OK);
  CHECK(tamp_mapping_get_slots(mapping, slots, 16) == TAMP_OK && is_permutation(slots, 16));
  CHECK(refined_metrics.hop_bytes <= random_metrics.hop_bytes);
  tamp_mapping_free(mapping);

  /* auto is never worse than the launcher. */
  CHECK(tamp_map(graph, machine, "auto", NULL, &mapping) == TAMP_OK);
  CHECK(tamp_evaluate(graph, machine, mapping, &m) == TAMP_OK && m.hop_bytes <= 384);
  tamp_mapping_free(mapping);

  /* A mapping the application already has: tasks in reverse. */
  int reverse[16];
  for (int t = 0; t < 16; ++t) reverse[t] = 15 - t;
  CHECK(tamp_mapping_from_slots(machine, 16, reverse, &mapping) == TAMP_OK);
  CHECK(tamp_evaluate(graph, machine, mapping, &m) == TAMP_OK && m.hop_bytes == 384);
  tamp_mapping_free(mapping);

  /* Errors: a code and a message. */
  mapping = NULL;
  CHECK(tamp_map(graph, machine, "no-such-algorithm", NULL, &mapping) == TAMP_ERROR_INVALID);
  CHECK(mapping == NULL);
  CHECK(strstr(tamp_last_error(), "unknown mapping 'no-such-algorithm'") != NULL);
  reverse[3] = 16;
  CHECK(tamp_mapping_from_slots(machine, 16, reverse, &mapping) == TAMP_ERROR_INVALID);
  tamp_machine* missing = NULL;
  CHECK(tamp_machine_load("/no/such/file.machine", &missing) != TAMP_OK && missing == NULL);
  CHECK(strlen(tamp_last_error()) > 0);
  CHECK(tamp_graph_set_grid(graph, 2, (const int[]){4, 5}, NULL) == TAMP_ERROR_INVALID);
  options.objective = 7;
  CHECK(tamp_map(graph, machine, "default", &options, &mapping) == TAMP_ERROR_INVALID);
  CHECK(tamp_map(NULL, machine, "default", NULL, &mapping) == TAMP_ERROR_INVALID);

  /* On failure the output handle is NULL, also when the input is NULL. */
  missing = (tamp_machine*)&failures; /* anything but NULL */
  CHECK(tamp_machine_load(NULL, &missing) == TAMP_ERROR_INVALID && missing == NULL);
  CHECK(strstr(tamp_last_error(), "tamp_machine_load: file_or_spec is NULL") != NULL);
  tamp_graph* no_graph = (tamp_graph*)&failures;
  CHECK(tamp_graph_load(NULL, &no_graph) == TAMP_ERROR_INVALID && no_graph == NULL);

  /* Numbers out of range are refused, never taken silently: a bandwidth that is no machine, NaN or infinite
     coordinates (the geometric mappers would return the identity), a NaN time cap. */
  CHECK(tamp_machine_load("torus:4x4,cores=1,bw=1e-300x1e9", &missing) == TAMP_ERROR_INVALID &&
        missing == NULL);
  CHECK(strstr(tamp_last_error(), "link bandwidth: must be a finite number in [1, 1e+15] bytes/s") != NULL);
  double xyz[32];
  for (int t = 0; t < 16; ++t) xyz[2 * t] = t % 4, xyz[2 * t + 1] = t / 4;
  xyz[7] = NAN;
  CHECK(tamp_graph_set_coordinates(graph, 2, xyz) == TAMP_ERROR_INVALID);
  CHECK(strstr(tamp_last_error(), "coordinate 1 of task 3: must be a finite number") != NULL);
  xyz[7] = INFINITY;
  CHECK(tamp_graph_set_coordinates(graph, 2, xyz) == TAMP_ERROR_INVALID);
  xyz[7] = 0;
  CHECK(tamp_graph_set_coordinates(graph, 2, xyz) == TAMP_OK);
  tamp_map_options_init(&options);
  options.refine_seconds = NAN;
  CHECK(tamp_map(graph, machine, "geom", &options, &mapping) == TAMP_ERROR_INVALID && mapping == NULL);
  CHECK(strstr(tamp_last_error(), "refine_seconds: must be a finite number") != NULL);
  tamp_map_options_init(&options);
  CHECK(options.threads == 0);
  options.threads = -2;
  CHECK(tamp_map(graph, machine, "geom", &options, &mapping) == TAMP_ERROR_INVALID && mapping == NULL);
  CHECK(strstr(tamp_last_error(), "threads must be 0 (automatic) or positive") != NULL);

  /* A generator spec in place of a file. */
  tamp_graph* generated = NULL;
  CHECK(tamp_graph_load("stencil2d:4x4", &generated) == TAMP_OK);
  CHECK(tamp_graph_num_tasks(generated, &tasks) == TAMP_OK && tasks == 16);
  tamp_graph_free(generated);

  tamp_graph_free(graph);
  tamp_machine_free(machine);
  if (failures == 0) printf("c_api_test: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
