// How each typed value of the common options is read from its command-line text and written back: one
// read_value / to_text pair per type, used by the option table (options.cpp) for parsing, --help defaults and
// the printed options. Errors are std::invalid_argument; the table prefixes the option's name.
#pragma once
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "tamp/app/options.hpp"

namespace tamp::app::impl {

// Read from text (throw std::invalid_argument on bad text).
void read_value(const std::string& text, tamp::Placement& out);
void read_value(const std::string& text,
                std::vector<tamp::Placement>& out);  // A,B[,C]: no empty or repeated entry
void read_value(const std::string& text, std::optional<LaunchedAs>& out);  // NAME:MAPFILE
void read_value(const std::string& text, Backend& out);
void read_value(const std::string& text, Objective& out);
void read_value(const std::string& text, ComputeModel& out);
void read_value(const std::string& text, Engine& out);
void read_value(const std::string& text, FlowSharing& out);
void read_value(const std::string& text, bool& out);  // on | off

// Written as the option would be given; "-" for nothing given.
std::string to_text(const tamp::Placement& value);
std::string to_text(const std::vector<tamp::Placement>& value);
std::string to_text(const std::optional<LaunchedAs>& value);
std::string to_text(Backend value);
std::string to_text(Objective value);
std::string to_text(const ComputeModel& value);
std::string to_text(Engine value);
std::string to_text(FlowSharing value);
std::string to_text(bool value);  // on | off
std::string to_text(const std::string& value);
template <class Number,
          class = std::enable_if_t<std::is_arithmetic_v<Number> && !std::is_same_v<Number, bool>>>
std::string to_text(Number value) {
  std::ostringstream os;
  os << value;
  return os.str();
}

}  // namespace tamp::app::impl
