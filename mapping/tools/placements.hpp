// tamp-map placements: which names are placements of the mapping module (an algorithm of the registry with
// its post-processing steps, or file:PATH), asked of the library's own grammar (tamp/placement.hpp), as JSON.
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace tamp::tools {

struct PlacementsArgs {
  std::vector<std::string> names;  // placements to classify; none: the registries only
};

void add_placements_command(CLI::App& app, PlacementsArgs& args);
/// Prints {"algorithms": [...], "steps": [...], "names": {NAME: {"module": true} | {"module": true, "file":
/// PATH} | {"module": false, "error": "..."}}} on stdout; returns 0 whatever the names are.
int run_placements(const PlacementsArgs& args);

}  // namespace tamp::tools
