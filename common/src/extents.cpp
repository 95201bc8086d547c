#include "tamp/app/extents.hpp"

#include <stdexcept>

#include "tamp/text.hpp"

namespace tamp::app {

std::vector<long long> parse_extents(const std::string& text, const std::string& option,
                                     const std::string& example) {
  std::vector<long long> sizes;
  for (const std::string& part : split(text, 'x')) {
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos || part.size() > 9 ||
        std::stoll(part) < 1) {
      throw std::invalid_argument(option + " " + text + ": expected positive sizes like " + example);
    }
    sizes.push_back(std::stoll(part));
  }
  return sizes;
}

}  // namespace tamp::app
