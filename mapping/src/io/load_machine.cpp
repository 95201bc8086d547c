#include <filesystem>

#include "tamp/io/machine_file.hpp"

namespace tamp {

MachineDescription load_machine(const std::string& file_or_spec) {
  std::error_code ec;
  // Inline specs always hold a ':' ("torus:4x4x4,cores=4"); anything else is a path, so a missing file is
  // reported as such rather than as a bad spec.
  if (std::filesystem::is_regular_file(file_or_spec, ec) || file_or_spec.find(':') == std::string::npos)
    return read_machine_file(file_or_spec);
  return parse_machine_spec(file_or_spec);
}

}  // namespace tamp
