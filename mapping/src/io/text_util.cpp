// Line reading, tokens and strict number parsing shared by the machine, graph and mapping parsers.
#include "io/text_util.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
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

TextLines::TextLines(std::istream& in) {
  const std::istream::pos_type here = in.tellg();  // a file's size is known: one allocation
  if (here != std::istream::pos_type(-1) && in.seekg(0, std::ios::end)) {
    const std::istream::pos_type end = in.tellg();
    in.seekg(here);
    if (end != std::istream::pos_type(-1) && end > here) text_.reserve(static_cast<std::size_t>(end - here));
  }
  in.clear();
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    text_.append(buffer, static_cast<std::size_t>(in.gcount()));
  std::size_t pos = 0;
  while (pos < text_.size()) {
    start_.push_back(pos);
    const void* newline = std::memchr(text_.data() + pos, '\n', text_.size() - pos);
    pos = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - text_.data()) + 1
                  : text_.size() + 1;
  }
  start_.push_back(pos);
}

std::string_view TextLines::line(long number) const {
  const std::size_t begin = start_[static_cast<std::size_t>(number - 1)];
  std::string_view line(text_.data() + begin, start_[static_cast<std::size_t>(number)] - 1 - begin);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // files written on Windows
  return line;
}

std::string_view strip_comment(std::string_view line, char marker) {
  const auto pos = line.find(marker);
  return pos == std::string_view::npos ? line : line.substr(0, pos);
}

namespace {

// The blanks as a set of 256 bits: one lookup a character, where find_first_of searches the set each time
// (a memchr per character: most of the time of reading a 10^6-task graph).
class BlankSet {
 public:
  explicit BlankSet(std::string_view blanks) {
    for (const char c : blanks) bits_[byte(c) >> 6] |= std::uint64_t{1} << (byte(c) & 63);
  }
  bool has(char c) const { return (bits_[byte(c) >> 6] >> (byte(c) & 63) & 1) != 0; }

 private:
  static unsigned byte(char c) { return static_cast<unsigned char>(c); }
  std::uint64_t bits_[4] = {};
};

}  // namespace

void split_tokens(std::string_view text, std::vector<std::string_view>& tokens, std::string_view blanks) {
  tokens.clear();
  const BlankSet blank(blanks);
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (true) {
    while (i < n && blank.has(text[i])) ++i;
    if (i == n) return;
    const std::size_t start = i;
    while (i < n && !blank.has(text[i])) ++i;
    tokens.push_back(text.substr(start, i - start));
  }
}

std::vector<std::string_view> split_tokens(std::string_view text, std::string_view blanks) {
  std::vector<std::string_view> tokens;
  split_tokens(text, tokens, blanks);
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
