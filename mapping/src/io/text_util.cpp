// Line reading, tokens and strict number parsing shared by the machine, graph and mapping parsers.
#include "io/text_util.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <system_error>

#include "tamp/error.hpp"

namespace tamp::impl {

bool LineReader::next(std::string& line) {
  if (!std::getline(in_, line)) return false;
  ++line_;
  if (!line.empty() && line.back() == '\r') line.pop_back();  // files written on Windows
  return true;
}

void LineReader::fail_at(long line, const std::string& what) const {
  throw ParseError(source_, line, what);
}

std::string_view strip_comment(std::string_view line, char marker) {
  const auto pos = line.find(marker);
  return pos == std::string_view::npos ? line : line.substr(0, pos);
}

std::vector<std::string_view> split_tokens(std::string_view text, std::string_view blanks) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    i = std::min(text.find_first_not_of(blanks, i), text.size());
    const std::size_t start = i;
    i = std::min(text.find_first_of(blanks, i), text.size());
    if (i > start) tokens.push_back(text.substr(start, i - start));
  }
  return tokens;
}

std::string_view trim(std::string_view text, std::string_view blanks) {
  const std::size_t b = text.find_first_not_of(blanks);
  if (b == std::string_view::npos) return text.substr(text.size());
  return text.substr(b, text.find_last_not_of(blanks) + 1 - b);
}

bool parse_int64(std::string_view token, std::int64_t& value) {
  if (token.empty()) return false;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, value);
  return ec == std::errc() && ptr == end;
}

bool parse_double(std::string_view token, double& value) {
  if (token.empty()) return false;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, value, std::chars_format::general);
  return ec == std::errc() && ptr == end && std::isfinite(value);
}

bool looks_numeric(std::string_view token) {
  if (token.empty()) return false;
  const char c = token.front();
  // from_chars also reads "inf" and "nan": those are names here.
  if (!(c == '-' || c == '.' || (c >= '0' && c <= '9'))) return false;
  double ignored = 0;
  std::int64_t ignored_int = 0;
  return parse_int64(token, ignored_int) || parse_double(token, ignored);
}

std::int64_t int_in_range(std::string_view token, std::string_view what, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  if (!parse_int64(token, v))
    throw std::invalid_argument(std::string(what) + " must be an integer, got " + impl::quoted(token));
  if (v < lo || v > hi)
    throw std::invalid_argument(std::string(what) + " must be in [" + std::to_string(lo) + ", " +
                                std::to_string(hi) + "], got " + std::string(token));
  return v;
}

std::string quoted(std::string_view token) {
  constexpr std::size_t kMax = 40;
  std::string s = "'";
  for (std::size_t i = 0; i < token.size() && i < kMax; ++i) {
    const unsigned char c = static_cast<unsigned char>(token[i]);
    s += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
  }
  if (token.size() > kMax) s += "...";
  return s + "'";
}

std::string path_stem(const std::string& path) {
  const auto slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  const auto dot = base.find_last_of('.');
  if (dot != std::string::npos && dot > 0) base.erase(dot);
  return base;
}

std::string format_double(double value) {
  char buf[64];
  const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value);
  if (ec != std::errc()) throw std::runtime_error("format_double: cannot format a number");
  return std::string(buf, ptr);
}

}  // namespace tamp::impl
