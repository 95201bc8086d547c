// tamp-map alloc: a machine file whose allocation is a sparse job on a busy machine (docs/machines.md).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "tamp/sparse_allocation.hpp"

namespace tamp::tools {

struct AllocArgs {
  std::string machine;  // machine file or inline spec
  std::string out;      // machine file written
  SparseAllocationOptions options;
};

void add_alloc_command(CLI::App& app, AllocArgs& args);
int run_alloc(const AllocArgs& args);

}  // namespace tamp::tools
