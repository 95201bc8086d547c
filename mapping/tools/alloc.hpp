// tamp-map alloc: a machine file whose allocation is a sparse job on a busy machine, or the first nodes of
// the machine's own allocation (a batch job's nodes; docs/machines.md).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "tamp/sparse_allocation.hpp"

namespace tamp::tools {

struct AllocArgs {
  std::string machine;  // machine file or inline spec
  std::string out;      // machine file written
  SparseAllocationOptions options;
  std::string order = "ids";  // --order, parsed into options.order
  bool first = false;  // the first `options.nodes` nodes of the machine's allocation, host names kept
};

void add_alloc_command(CLI::App& app, AllocArgs& args);
int run_alloc(const AllocArgs& args);

}  // namespace tamp::tools
