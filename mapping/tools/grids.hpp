// tamp-map grids: the process grids of a job of N ranks that decks and apps use (MPI_Dims_create's 2D and 3D
// grids, MFDn's triangular n_d), as JSON, so that scripts ask instead of computing them again.
#pragma once
#include <CLI/CLI.hpp>
#include <vector>

namespace tamp::tools {

struct GridsArgs {
  std::vector<int> ranks;  // job sizes asked about
};

void add_grids_command(CLI::App& app, GridsArgs& args);
/// Prints {"N": {"procs2": [A, B], "procs3": [A, B, C], "nd": ND or null}, ...} on stdout (nd: null when N is
/// not a triangular number n_d(n_d+1)/2); returns 0.
int run_grids(const GridsArgs& args);

}  // namespace tamp::tools
