// The range check of real-valued inputs (tamp/error.hpp).
#include "tamp/error.hpp"

#include <cmath>
#include <sstream>

namespace tamp {

double check_range(double value, const ValueRange& range, std::string_view what) {
  if (range.contains(value)) return value;
  std::ostringstream message;
  message << what << ": must be a finite number in [" << range.min << ", " << range.max << "]"
          << (*range.unit ? " " : "") << range.unit << ", not " << value;
  throw std::invalid_argument(message.str());
}

}  // namespace tamp
