// Splitting option and spec text ("4x4x4", "torus:4x4,cores=2", "a+b,c"): one helper for the library, the
// harness and the apps. Empty fields are kept ("a,,b" gives three parts), so callers can reject them by name.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tamp {

/// The fields of `text` between `separator` characters, as views into `text`.
inline std::vector<std::string_view> split_view(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

/// The same fields as strings.
inline std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  for (std::string_view part : split_view(text, separator)) parts.emplace_back(part);
  return parts;
}

}  // namespace tamp
