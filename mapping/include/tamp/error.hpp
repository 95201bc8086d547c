// One error style for the whole module: the library throws, callers catch at main.
#pragma once
#include <stdexcept>
#include <string>

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

}  // namespace tamp
