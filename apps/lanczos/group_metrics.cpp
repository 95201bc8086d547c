// D / T / X per communicator group, from the mapping the harness applied (recovered from the communicator).
#include "group_metrics.hpp"

#include <numeric>
#include <vector>

namespace tamp::lanczos {

GroupMetrics group_metrics(const TaskGraph& graph, const Grid& grid, const app::Placement& placement,
                           MPI_Comm comm) {
  int tasks = 0;
  MPI_Comm_size(comm, &tasks);
  MPI_Group group = MPI_GROUP_NULL;
  MPI_Group world = MPI_GROUP_NULL;
  MPI_Comm_group(comm, &group);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> ranks(static_cast<std::size_t>(tasks));
  std::iota(ranks.begin(), ranks.end(), 0);
  std::vector<int> world_ranks(ranks.size());
  MPI_Group_translate_ranks(group, tasks, ranks.data(), world, world_ranks.data());
  MPI_Group_free(&group);
  MPI_Group_free(&world);
  std::vector<int> slots;
  for (const int w : world_ranks) slots.push_back(placement.slot_of_rank.at(static_cast<std::size_t>(w)));
  const Mapping mapping(std::move(slots), placement.job.num_slots());
  GroupMetrics m;
  m.column = group_dtx(group_messages(graph, grid, true), placement.job, mapping);
  m.row = group_dtx(group_messages(graph, grid, false), placement.job, mapping);
  return m;
}

nlohmann::json to_json(const GroupMetrics& metrics) {
  const auto dtx = [](const GroupDtx& m) {
    return nlohmann::json{{"D", m.dilation}, {"T", m.traffic}, {"X", m.congestion}, {"messages", m.messages}};
  };
  return {{"column", dtx(metrics.column)}, {"row", dtx(metrics.row)}};
}

}  // namespace tamp::lanczos
