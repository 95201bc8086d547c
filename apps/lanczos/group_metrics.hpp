// [Aktulga12] Tables 3-4: dilation D, average traffic T and congestion X of the column and of the row groups
// under the placement a run uses.
#pragma once
#include <mpi.h>

#include <nlohmann/json.hpp>

#include "grid.hpp"
#include "tamp/app/topology.hpp"

namespace tamp::lanczos {

struct GroupMetrics {
  GroupDtx column;  // S1 + S5 messages, one unit each
  GroupDtx row;     // S2 + S4
};

/// The placement's slot of each task of `comm` (rank == task) from the world ranks behind them; no messages.
GroupMetrics group_metrics(const TaskGraph& graph, const Grid& grid, const app::Placement& placement,
                           MPI_Comm comm);

/// {"column": {"D":..,"T":..,"X":..}, "row": {...}}.
nlohmann::json to_json(const GroupMetrics& metrics);

}  // namespace tamp::lanczos
