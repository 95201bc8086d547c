// Splitting option and spec text ("4x4x4", "torus:4x4,cores=2", "a+b,c"), sizes in it, and joining sizes
// back: one helper for the library, the harness and the apps. Empty fields are kept ("a,,b" gives three
// parts), so callers can reject them by name.
#pragma once
#include <cstddef>
#include <iterator>
#include <optional>
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

/// A positive whole number of at most `max` written with digits only (no sign, no spaces); std::nullopt
/// otherwise.
inline std::optional<long long> positive_integer(std::string_view text, long long max) {
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  long long value = 0;
  for (char c : text) value = 10 * value + (c - '0');
  if (value < 1 || value > max) return std::nullopt;
  return value;
}

/// The sizes of "64x48x2", each a positive_integer() of at most `max`. On the first field that is not, throws
/// what `bad(field)` returns, so each caller keeps its own message.
template <class Bad>
std::vector<long long> parse_extents(std::string_view text, long long max, Bad bad) {
  std::vector<long long> sizes;
  for (std::string_view field : split_view(text, 'x')) {
    const std::optional<long long> size = positive_integer(field, max);
    if (!size) throw bad(field);
    sizes.push_back(*size);
  }
  return sizes;
}

/// "64x48x2": the first `count` sizes joined by 'x' (the inverse of split(text, 'x')).
template <class Sizes>
std::string extents_text(const Sizes& sizes, std::size_t count) {
  std::string text;
  for (std::size_t d = 0; d < count; ++d) text += (d ? "x" : "") + std::to_string(sizes[d]);
  return text;
}

/// All of `sizes` joined by 'x'.
template <class Sizes>
std::string extents_text(const Sizes& sizes) {
  return extents_text(sizes, std::size(sizes));
}

/// "0-3,8,10-11": `ids` in their order, runs of consecutive ids folded (SimGrid's cluster radical; the node list of
/// a job layout).
inline std::string ranges_text(const std::vector<int>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(ids[i]);
    if (j > i) out += '-' + std::to_string(ids[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace tamp
