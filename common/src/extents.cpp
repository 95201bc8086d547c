#include "tamp/app/extents.hpp"

#include <stdexcept>

namespace tamp::app {

std::vector<long long> parse_extents(const std::string& text, const std::string& option,
                                     const std::string& example) {
  std::vector<long long> sizes;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find('x', start);
    const std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos || part.size() > 9 ||
        std::stoll(part) < 1) {
      throw std::invalid_argument(option + " " + text + ": expected positive sizes like " + example);
    }
    sizes.push_back(std::stoll(part));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return sizes;
}

}  // namespace tamp::app
