// One error style for the whole module: the library throws, callers catch at main.
#pragma once
#include <cmath>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tamp {

/// Bad input from a file: the message starts with "FILE:LINE: ".
class ParseError : public std::runtime_error {
 public:
  ParseError(const std::string& file, long line, const std::string& what)
      : std::runtime_error(file + ":" + std::to_string(line) + ": " + what), file_(file), line_(line) {}
  const std::string& file() const { return file_; }
  long line() const { return line_; }

 private:
  std::string file_;
  long line_;
};

/// Throws std::invalid_argument(message) when `condition` is false.
inline void require(bool condition, const std::string& message) {
  if (!condition) throw std::invalid_argument(message);
}

/// The numbers a real-valued input may take, both ends included; `unit` is printed after them ("" for none).
struct ValueRange {
  double min;
  double max;
  const char* unit;
  /// Finite and inside; what check_range() accepts.
  bool contains(double value) const { return std::isfinite(value) && value >= min && value <= max; }
};

/// `value` when it is finite and inside `range`; else std::invalid_argument("WHAT: must be a finite number in
/// [MIN, MAX] UNIT, not VALUE"). The one check of a real number that enters TAMP from a file, a spec, an
/// option or the C API: NaN, infinities and values outside the range are refused under the caller's name for
/// them.
double check_range(double value, const ValueRange& range, std::string_view what);

/// The text a main prints after "error: " for an exception it caught: what() but for std::bad_alloc, whose
/// what() ("std::bad_alloc") says nothing to a user.
inline std::string error_text(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr)
    return "out of memory: this problem needs more memory than the machine gives the process";
  return e.what();
}

}  // namespace tamp
