// CLI11 checks shared by the command lines of tamp-map (mapping/tools) and the apps (common/src/options.cpp).
// Header-only (target tamp_cli, mapping/CMakeLists.txt; not installed): TAMP::mapping knows nothing of CLI11.
#pragma once
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace tamp::cli {

/// CLI11 reads "-1" into an unsigned option as 2^64 - 1, and a number past 2^64 - 1 as 2^64 - 1: this check
/// refuses anything but digits, and more than an unsigned 64-bit integer holds.
inline CLI::Validator unsigned_integer() {
  return CLI::Validator(
      [](std::string& text) {
        if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
          return "must be an integer of 0 or more, not '" + text + "'";
        const std::string digits = text.substr(std::min(text.find_first_not_of('0'), text.size()));
        const std::string max = "18446744073709551615";
        if (digits.size() > max.size() || (digits.size() == max.size() && digits > max))
          return "must be an integer of at most " + max + ", not '" + text + "'";
        return std::string();
      },
      "UINT");
}

/// A count of 1 or more, in digits (CLI11's own range check would print the type's bounds).
inline CLI::Validator positive_integer() {
  return CLI::Validator(
      [](std::string& text) {
        return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos &&
                       text.find_first_not_of('0') != std::string::npos
                   ? std::string()
                   : "must be an integer of 1 or more, not '" + text + "'";
      },
      "N>0");
}

/// CLI11's range and sign checks let "nan" through (every comparison with NaN is false), and "inf" where the bound
/// is open: this check, put before them, refuses anything but a finite number.
inline CLI::Validator finite_number() {
  return CLI::Validator(
      [](std::string& text) {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        return !text.empty() && *end == '\0' && std::isfinite(value)
                   ? std::string()
                   : "must be a finite number, not '" + text + "'";
      },
      "FINITE");
}

}  // namespace tamp::cli
