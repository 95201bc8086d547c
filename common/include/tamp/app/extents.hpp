// Size lists on the command line ("64", "48x40x36"), parsed the same way by every app.
#pragma once
#include <string>
#include <vector>

namespace tamp::app {

/// Parses "N[xN...]" into positive sizes (tamp::parse_extents, tamp/text.hpp). Throws std::invalid_argument
/// "OPTION TEXT: expected positive sizes like EXAMPLE" on an empty, non-numeric, zero or over-long (> 9
/// digits) size.
std::vector<long long> parse_extents(const std::string& text, const std::string& option,
                                     const std::string& example);

}  // namespace tamp::app
