// The C API (tamp/mapping.h): thin wrappers that turn exceptions into status codes and a per-thread message.
#include <new>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/mapping.h"
#include "tamp/metrics.hpp"

struct tamp_machine {
  tamp::MachineDescription description;
};
struct tamp_graph {
  tamp::TaskGraph graph;
};
struct tamp_mapping {
  tamp::Mapping mapping;
};

namespace {

thread_local std::string last_error;

template <class Fn>
int guarded(Fn&& fn) {
  try {
    fn();
    return TAMP_OK;
  } catch (const tamp::ParseError& e) {
    last_error = e.what();
    return TAMP_ERROR_PARSE;
  } catch (const std::invalid_argument& e) {
    last_error = e.what();
    return TAMP_ERROR_INVALID;
  } catch (const std::bad_alloc&) {
    last_error = "out of memory";
    return TAMP_ERROR_MEMORY;
  } catch (const std::exception& e) {
    last_error = e.what();
    return TAMP_ERROR_RUNTIME;
  } catch (...) {
    last_error = "unknown error";
    return TAMP_ERROR_RUNTIME;
  }
}

void require_pointer(const void* p, const char* what) {
  if (p == nullptr) throw std::invalid_argument(std::string(what) + " is NULL");
}

tamp::MapOptions to_options(const tamp_map_options* o) {
  tamp::MapOptions options;
  if (o == nullptr) return options;
  tamp::require(o->objective == TAMP_OBJECTIVE_HOP_BYTES || o->objective == TAMP_OBJECTIVE_CONGESTION ||
                    o->objective == TAMP_OBJECTIVE_TIME,
                "tamp_map: unknown objective " + std::to_string(o->objective));
  // make_map_options, as the apps and tamp-map build theirs; the C enum names the objective.
  const tamp::Objective objective = o->objective == TAMP_OBJECTIVE_CONGESTION ? tamp::Objective::congestion
                                    : o->objective == TAMP_OBJECTIVE_TIME     ? tamp::Objective::time
                                                                              : tamp::Objective::hop_bytes;
  options = tamp::make_map_options(o->seed, tamp::to_string(objective), o->max_tasks_per_slot);
  options.refine_passes = o->refine_passes;
  options.refine_work = o->refine_work;
  options.refine_seconds = o->refine_seconds;
  options.threads = o->threads;
  return options;
}

}  // namespace

extern "C" {

const char* tamp_last_error(void) {
  return last_error.c_str();
}

int tamp_machine_load(const char* file_or_spec, tamp_machine** machine) {
  return guarded([&] {
    require_pointer(machine, "tamp_machine_load: machine");
    *machine = nullptr;  // before any other check: on failure the handle is NULL (docs/c-api.md)
    require_pointer(file_or_spec, "tamp_machine_load: file_or_spec");
    *machine = new tamp_machine{tamp::load_machine(file_or_spec)};
  });
}

void tamp_machine_free(tamp_machine* machine) {
  delete machine;
}

int tamp_machine_num_slots(const tamp_machine* machine, int* slots) {
  return guarded([&] {
    require_pointer(machine, "tamp_machine_num_slots: machine");
    require_pointer(slots, "tamp_machine_num_slots: slots");
    *slots = machine->description.allocation.num_slots();
  });
}

int tamp_machine_num_nodes(const tamp_machine* machine, int* nodes) {
  return guarded([&] {
    require_pointer(machine, "tamp_machine_num_nodes: machine");
    require_pointer(nodes, "tamp_machine_num_nodes: nodes");
    *nodes = machine->description.allocation.num_nodes();
  });
}

int tamp_graph_from_csr(int num_tasks, const int64_t* offsets, const int* targets, const double* bytes,
                        tamp_graph** graph) {
  return guarded([&] {
    require_pointer(graph, "tamp_graph_from_csr: graph");
    *graph = nullptr;
    tamp::require(num_tasks >= 0, "tamp_graph_from_csr: negative number of tasks");
    require_pointer(offsets, "tamp_graph_from_csr: offsets");
    tamp::require(offsets[0] == 0, "tamp_graph_from_csr: offsets[0] must be 0");
    std::vector<tamp::Edge> edges;
    for (int t = 0; t < num_tasks; ++t) {
      tamp::require(offsets[t + 1] >= offsets[t],
                    "tamp_graph_from_csr: offsets decrease at task " + std::to_string(t));
      if (offsets[t + 1] > offsets[t]) require_pointer(targets, "tamp_graph_from_csr: targets");
      for (int64_t e = offsets[t]; e < offsets[t + 1]; ++e)
        edges.push_back({t, targets[e], bytes != nullptr ? bytes[e] : 1.0});
    }
    *graph = new tamp_graph{tamp::TaskGraph::from_edges(num_tasks, std::move(edges))};
  });
}

int tamp_graph_load(const char* file_or_spec, tamp_graph** graph) {
  return guarded([&] {
    require_pointer(graph, "tamp_graph_load: graph");
    *graph = nullptr;  // before any other check: on failure the handle is NULL (docs/c-api.md)
    require_pointer(file_or_spec, "tamp_graph_load: file_or_spec");
    *graph = new tamp_graph{tamp::load_task_graph(file_or_spec)};  // the same rule as tamp-map
  });
}

int tamp_graph_set_coordinates(tamp_graph* graph, int dim, const double* xyz) {
  return guarded([&] {
    require_pointer(graph, "tamp_graph_set_coordinates: graph");
    tamp::require(dim >= 1, "tamp_graph_set_coordinates: dim must be at least 1");
    const std::size_t count = static_cast<std::size_t>(graph->graph.num_tasks()) * dim;
    if (count > 0) require_pointer(xyz, "tamp_graph_set_coordinates: xyz");
    graph->graph.set_coordinates(dim, std::vector<double>(xyz, xyz + count));
  });
}

int tamp_graph_set_grid(tamp_graph* graph, int ndims, const int* dims, const int* periodic) {
  return guarded([&] {
    require_pointer(graph, "tamp_graph_set_grid: graph");
    tamp::require(ndims >= 1, "tamp_graph_set_grid: ndims must be at least 1");
    require_pointer(dims, "tamp_graph_set_grid: dims");
    tamp::GridShape grid;
    grid.dims.assign(dims, dims + ndims);
    for (int d = 0; d < ndims; ++d) grid.periodic.push_back(periodic != nullptr && periodic[d] != 0);
    graph->graph.set_grid(std::move(grid));
  });
}

int tamp_graph_num_tasks(const tamp_graph* graph, int* num_tasks) {
  return guarded([&] {
    require_pointer(graph, "tamp_graph_num_tasks: graph");
    require_pointer(num_tasks, "tamp_graph_num_tasks: num_tasks");
    *num_tasks = graph->graph.num_tasks();
  });
}

void tamp_graph_free(tamp_graph* graph) {
  delete graph;
}

void tamp_map_options_init(tamp_map_options* options) {
  if (options == nullptr) return;
  const tamp::MapOptions defaults;
  options->seed = defaults.seed;
  options->objective = TAMP_OBJECTIVE_HOP_BYTES;
  options->max_tasks_per_slot = defaults.max_tasks_per_slot;
  options->refine_passes = defaults.refine_passes;
  options->refine_work = defaults.refine_work;
  options->refine_seconds = defaults.refine_seconds;
  options->threads = defaults.threads;
}

int tamp_map(const tamp_graph* graph, const tamp_machine* machine, const char* algorithm,
             const tamp_map_options* options, tamp_mapping** mapping) {
  return guarded([&] {
    require_pointer(mapping, "tamp_map: mapping");
    *mapping = nullptr;
    require_pointer(graph, "tamp_map: graph");
    require_pointer(machine, "tamp_map: machine");
    require_pointer(algorithm, "tamp_map: algorithm");
    *mapping = new tamp_mapping{
        tamp::map_tasks(algorithm, graph->graph, machine->description.allocation, to_options(options))};
  });
}

int tamp_mapping_from_slots(const tamp_machine* machine, int num_tasks, const int* slots,
                            tamp_mapping** mapping) {
  return guarded([&] {
    require_pointer(mapping, "tamp_mapping_from_slots: mapping");
    *mapping = nullptr;
    require_pointer(machine, "tamp_mapping_from_slots: machine");
    tamp::require(num_tasks >= 0, "tamp_mapping_from_slots: negative number of tasks");
    if (num_tasks > 0) require_pointer(slots, "tamp_mapping_from_slots: slots");
    tamp::Mapping m(std::vector<int>(slots, slots + num_tasks), machine->description.allocation.num_slots());
    m.validate(num_tasks > 0 ? num_tasks : 1);  // slots in range; sharing a slot is the caller's business
    *mapping = new tamp_mapping{std::move(m)};
  });
}

int tamp_mapping_num_tasks(const tamp_mapping* mapping, int* num_tasks) {
  return guarded([&] {
    require_pointer(mapping, "tamp_mapping_num_tasks: mapping");
    require_pointer(num_tasks, "tamp_mapping_num_tasks: num_tasks");
    *num_tasks = mapping->mapping.num_tasks();
  });
}

int tamp_mapping_get_slots(const tamp_mapping* mapping, int* slots, int capacity) {
  return guarded([&] {
    require_pointer(mapping, "tamp_mapping_get_slots: mapping");
    const int n = mapping->mapping.num_tasks();
    tamp::require(capacity >= n, "tamp_mapping_get_slots: room for " + std::to_string(capacity) + " slots, " +
                                     std::to_string(n) + " tasks");
    if (n > 0) require_pointer(slots, "tamp_mapping_get_slots: slots");
    for (int t = 0; t < n; ++t) slots[t] = mapping->mapping.slot(t);
  });
}

void tamp_mapping_free(tamp_mapping* mapping) {
  delete mapping;
}

int tamp_evaluate(const tamp_graph* graph, const tamp_machine* machine, const tamp_mapping* mapping,
                  tamp_metrics* metrics) {
  return guarded([&] {
    require_pointer(graph, "tamp_evaluate: graph");
    require_pointer(machine, "tamp_evaluate: machine");
    require_pointer(mapping, "tamp_evaluate: mapping");
    require_pointer(metrics, "tamp_evaluate: metrics");
    const tamp::Metrics m = tamp::evaluate(graph->graph, machine->description.allocation, mapping->mapping);
    *metrics = tamp_metrics{m.messages,       m.total_bytes,      m.hop_bytes,          m.hops_per_byte,
                            m.avg_dilation,   m.max_dilation,     m.max_link_load,      m.mean_link_load,
                            m.max_congestion, m.offnode_fraction, m.predicted_comm_time};
  });
}

}  // extern "C"
