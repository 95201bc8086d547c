// synthetic:MACHINEFILE | synthetic:SPEC — a described machine with the ranks laid onto its allocation in
// launcher order, so predicted hop-bytes mean something on one box (DESIGN §4, source 5).
#include <cctype>
#include <filesystem>
#include <stdexcept>

#include "tamp/app/topology.hpp"

namespace tamp::app::impl {
namespace {

// "torus:4x4x4,cores=4": a lower-case kind followed by a colon.
bool looks_like_inline_spec(const std::string& text) {
  const auto colon = text.find(':');
  if (colon == std::string::npos || colon == 0) return false;
  for (std::size_t i = 0; i < colon; ++i) {
    if (!std::islower(static_cast<unsigned char>(text[i]))) return false;
  }
  return true;
}

MachineDescription load_machine(const std::string& argument) {
  if (argument.empty())
    throw std::invalid_argument("synthetic: needs a machine file or an inline machine spec");
  if (std::filesystem::is_regular_file(argument)) return read_machine_file(argument);
  if (looks_like_inline_spec(argument)) return parse_machine_spec(argument);
  return read_machine_file(argument);  // reports the file that is not there
}

}  // namespace

Placement synthetic_placement(const std::string& source, const std::string& argument, int ranks) {
  return place_in_launcher_order(load_machine(argument), source, ranks);
}

}  // namespace tamp::app::impl
