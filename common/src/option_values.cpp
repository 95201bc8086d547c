// Reading and writing the typed values of the common options (option_values.hpp).
#include "option_values.hpp"

#include <algorithm>
#include <stdexcept>

#include "tamp/text.hpp"

namespace tamp::app::impl {

void read_value(const std::string& text, tamp::Placement& out) {
  out = tamp::Placement::parse(text);
}

void read_value(const std::string& text, std::vector<tamp::Placement>& out) {
  // Split here, not by CLI11's delimiter, which drops empty entries: "default,,blocked" must be an error.
  const std::vector<std::string> entries = split(text, ',');
  std::vector<tamp::Placement> parsed;
  for (const std::string& entry : entries) {
    if (entry.empty()) throw std::invalid_argument("an empty entry (names, comma-separated)");
    // The campaign refuses the same: a placement listed twice would be run and reported twice.
    if (std::count(entries.begin(), entries.end(), entry) > 1)
      throw std::invalid_argument("lists " + entry + " twice");
    parsed.push_back(tamp::Placement::parse(entry));
  }
  out = std::move(parsed);
}

void read_value(const std::string& text, std::optional<LaunchedAs>& out) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
    throw std::invalid_argument("'" + text + "': expected NAME:MAPFILE (e.g. auto:run.map)");
  out = LaunchedAs{tamp::Placement::parse(text.substr(0, colon)), text.substr(colon + 1)};
}

void read_value(const std::string& text, Backend& out) {
  out = parse_backend(text);
}
void read_value(const std::string& text, Objective& out) {
  out = parse_objective(text);
}
void read_value(const std::string& text, ComputeModel& out) {
  out = ComputeModel::parse(text);
}
void read_value(const std::string& text, FlowSharing& out) {
  out = parse_flow_sharing(text);
}

void read_value(const std::string& text, Engine& out) {
  if (text != "mpi" && text != "flow") throw std::invalid_argument("'" + text + "' is not mpi or flow");
  out = text == "flow" ? Engine::flow : Engine::mpi;
}

void read_value(const std::string& text, bool& out) {
  if (text != "on" && text != "off") throw std::invalid_argument("'" + text + "' is not on or off");
  out = text == "on";
}

std::string to_text(const tamp::Placement& value) {
  return value.str();
}

std::string to_text(const std::vector<tamp::Placement>& value) {
  std::string out;
  for (const tamp::Placement& placement : value) out += (out.empty() ? "" : ",") + placement.str();
  return out.empty() ? "-" : out;
}

std::string to_text(const std::optional<LaunchedAs>& value) {
  return value ? value->placement.str() + ":" + value->map_file : "-";
}

std::string to_text(Backend value) {
  return std::string(to_string(value));
}
std::string to_text(Objective value) {
  return std::string(to_string(value));
}
std::string to_text(const ComputeModel& value) {
  return value.spec();
}
std::string to_text(Engine value) {
  return value == Engine::flow ? "flow" : "mpi";
}
std::string to_text(FlowSharing value) {
  return to_string(value);
}
std::string to_text(bool value) {
  return value ? "on" : "off";
}
std::string to_text(const std::string& value) {
  return value.empty() ? "-" : value;
}

}  // namespace tamp::app::impl
