#include "tamp/process_grid.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

namespace tamp {

std::vector<int> process_grid(int ranks, int ndims) {
  if (ranks < 1)
    throw std::invalid_argument("process grid: " + std::to_string(ranks) + " ranks (needs >= 1)");
  if (ndims < 1)
    throw std::invalid_argument("process grid: " + std::to_string(ndims) + " dimensions (needs >= 1)");
  std::vector<int> factors;  // ascending
  int rest = ranks;
  for (int p = 2; p <= rest / p; ++p)
    while (rest % p == 0) factors.push_back(p), rest /= p;
  if (rest > 1) factors.push_back(rest);
  std::vector<int> dims(static_cast<std::size_t>(ndims), 1);
  for (auto f = factors.rbegin(); f != factors.rend(); ++f)
    *std::min_element(dims.begin(), dims.end()) *= *f;  // the first smallest extent
  std::sort(dims.begin(), dims.end(), std::greater<int>());
  return dims;
}

}  // namespace tamp
