// [Aktulga12] Tables 3-4: dilation D, average traffic T and congestion X of the column and of the row groups
// under the placement a run uses.
#pragma once
#include <nlohmann/json.hpp>

#include "grid.hpp"
#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"

namespace tamp::lanczos {

struct GroupMetrics {
  GroupDtx column;  // S1 + S5 messages, one unit each
  GroupDtx row;     // S2 + S4
};

/// Under the mapping the harness applied (task -> job slot); no messages.
GroupMetrics group_metrics(const TaskGraph& graph, const Grid& grid, const Allocation& job,
                           const Mapping& mapping);

/// {"column": {"D":..,"T":..,"X":..}, "row": {...}}.
nlohmann::json to_json(const GroupMetrics& metrics);

}  // namespace tamp::lanczos
