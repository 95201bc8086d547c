// Rank reordering (DESIGN §5b): the same mapping on every rank, then MPI_Comm_split(world, 0, task).
#include "tamp/app/reorder.hpp"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <utility>

#include "tamp/app/collective.hpp"
#include "tamp/io/mapping_file.hpp"

namespace tamp::app {

Mapping compute_mapping(const TaskGraph& graph, const Allocation& job, const std::string& spec,
                        const MapOptions& options) {
  Mapping mapping;
  if (spec.rfind("file:", 0) == 0) {
    const std::string path = spec.substr(5);
    mapping = read_mapping_file(path, job.num_slots());
    if (mapping.num_tasks() != graph.num_tasks()) {
      throw std::invalid_argument(fmt::format("{}: has {} lines, the job has {} tasks (one line per task)",
                                              path, mapping.num_tasks(), graph.num_tasks()));
    }
    mapping.validate(1);
  } else {
    mapping = map_tasks(spec, graph, job, options);
  }
  if (mapping.num_tasks() != job.num_slots()) {
    throw std::invalid_argument(
        fmt::format("mapping '{}' places {} tasks on {} slots: need one task per rank", spec,
                    mapping.num_tasks(), job.num_slots()));
  }
  return mapping;
}

Reordering::Reordering(MPI_Comm comm, int task, std::string spec, Mapping mapping, Metrics metrics)
    : comm_(comm),
      task_(task),
      spec_(std::move(spec)),
      mapping_(std::move(mapping)),
      metrics_(std::move(metrics)) {}

Reordering::Reordering(Reordering&& other) noexcept
    : comm_(std::exchange(other.comm_, MPI_COMM_NULL)),
      task_(other.task_),
      spec_(std::move(other.spec_)),
      mapping_(std::move(other.mapping_)),
      metrics_(std::move(other.metrics_)) {}

Reordering::~Reordering() {
  if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

Reordering reorder_ranks(const TaskGraph& graph, const Placement& placement, const std::string& spec,
                         const MapOptions& options, MPI_Comm world) {
  int rank = 0;
  int ranks = 0;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &ranks);
  // Local work that may fail (a mapping file missing on one node): agree on errors before MPI_Comm_split.
  auto [mapping, metrics] = collectively(world, [&] {
    if (graph.num_tasks() != ranks || placement.job.num_slots() != ranks ||
        static_cast<int>(placement.slot_of_rank.size()) != ranks) {
      throw std::invalid_argument(
          fmt::format("reordering needs one task per rank: {} tasks, {} ranks, {} job slots",
                      graph.num_tasks(), ranks, placement.job.num_slots()));
    }
    Mapping m = compute_mapping(graph, placement.job, spec, options);
    Metrics e = evaluate(graph, placement.job, m);
    return std::make_pair(std::move(m), std::move(e));
  });
  const int task = mapping.task_of_slot()[placement.slot_of_rank[rank]];

  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_split(world, 0, task, &comm);
  Reordering reordering(comm, task, spec, std::move(mapping), std::move(metrics));
  int new_rank = -1;
  MPI_Comm_rank(comm, &new_rank);
  std::optional<std::string> error;
  if (new_rank != task) error = fmt::format("rank reordering failed: task {} got rank {}", task, new_rank);
  raise_if_any_failed(world, error);
  return reordering;
}

}  // namespace tamp::app
