#include "tamp/app/extents.hpp"

#include <stdexcept>

#include "tamp/text.hpp"

namespace tamp::app {

std::vector<long long> parse_extents(const std::string& text, const std::string& option,
                                     const std::string& example) {
  return tamp::parse_extents(text, 999999999, [&](std::string_view) {  // at most 9 digits
    return std::invalid_argument(option + " " + text + ": expected positive sizes like " + example);
  });
}

}  // namespace tamp::app
