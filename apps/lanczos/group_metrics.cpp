// D / T / X per communicator group, from the mapping the harness applied (RunContext::mapping).
#include "group_metrics.hpp"

namespace tamp::lanczos {

GroupMetrics group_metrics(const TaskGraph& graph, const Grid& grid, const Allocation& job,
                           const Mapping& mapping) {
  GroupMetrics m;
  m.column = group_dtx(group_messages(graph, grid, true), job, mapping);
  m.row = group_dtx(group_messages(graph, grid, false), job, mapping);
  return m;
}

nlohmann::json to_json(const GroupMetrics& metrics) {
  const auto dtx = [](const GroupDtx& m) {
    return nlohmann::json{{"D", m.dilation}, {"T", m.traffic}, {"X", m.congestion}, {"messages", m.messages}};
  };
  return {{"column", dtx(metrics.column)}, {"row", dtx(metrics.row)}};
}

}  // namespace tamp::lanczos
