#include "grids.hpp"

#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "tamp/mfdn.hpp"
#include "tamp/process_grid.hpp"

namespace tamp::tools {

void add_grids_command(CLI::App& app, GridsArgs& args) {
  CLI::App* cmd =
      app.add_subcommand("grids",
                         "print as JSON the process grids of jobs of RANKS ranks: MPI_Dims_create's "
                         "2D and 3D grids and the triangular grid's n_d (null when there is none)");
  // Up to the slots of the largest allocation a machine file may describe (docs/file-formats.md).
  cmd->add_option("ranks", args.ranks, "job sizes (ranks)")->required()->check(CLI::Range(1, 1 << 24));
}

int run_grids(const GridsArgs& args) {
  nlohmann::json answer = nlohmann::json::object();
  for (int ranks : args.ranks) {
    nlohmann::json nd = nullptr;
    try {
      nd = triangular_side(ranks);
    } catch (const std::invalid_argument&) {
      // not a triangular number: no n_d (null), the app that needs one says why when it runs
    }
    answer[std::to_string(ranks)] = {
        {"procs2", process_grid(ranks, 2)}, {"procs3", process_grid(ranks, 3)}, {"nd", nd}};
  }
  std::cout << answer.dump() << "\n";
  return 0;
}

}  // namespace tamp::tools
