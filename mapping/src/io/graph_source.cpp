// load_task_graph(): the one rule that tells a task-graph file from a generator spec.
#include <filesystem>
#include <system_error>

#include "tamp/generators.hpp"
#include "tamp/io/graph_file.hpp"

namespace tamp {

TaskGraph load_task_graph(const std::string& file_or_spec, int threads) {
  // Generator specs always hold a ':' ("stencil3d:8x8x8"); anything else is a path.
  std::error_code ec;
  if (std::filesystem::is_regular_file(file_or_spec, ec) || file_or_spec.find(':') == std::string::npos)
    return read_task_graph(file_or_spec, threads);
  return generate_graph(file_or_spec);
}

}  // namespace tamp
