// Shared pieces of the text parsers: line reading with line numbers, tokens, strict numbers, size limits.
#pragma once
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace tamp::impl {

// Limits that keep a malformed (or fuzzed) file from making the parsers allocate gigabytes.
inline constexpr std::int64_t kMaxMachineNodes = std::int64_t{1} << 26;
inline constexpr std::int64_t kMaxCoresPerNode = std::int64_t{1} << 16;
inline constexpr std::int64_t kMaxSlots = std::int64_t{1} << 24;  // allocated nodes x cores
inline constexpr std::int64_t kMaxTasks = std::int64_t{1} << 24;
inline constexpr int kMaxDims = 16;
inline constexpr std::int64_t kMaxEdgeWeight = std::int64_t{1} << 53;  // exact in a double
inline constexpr double kMaxEdgeBytes = static_cast<double>(kMaxEdgeWeight);

/// Reads a stream line by line, counting lines from 1, so every error can name "FILE:LINE".
class LineReader {
 public:
  LineReader(std::istream& in, std::string source) : in_(in), source_(std::move(source)) {}
  /// Next line without its end-of-line characters; false at the end of the stream.
  bool next(std::string& line);
  /// Number of the line last returned (0 before the first; the last line at the end).
  long line_number() const { return line_; }
  const std::string& source() const { return source_; }
  /// Throws tamp::ParseError at `line` (the current line by default).
  [[noreturn]] void fail(const std::string& what) const { fail_at(line_, what); }
  [[noreturn]] void fail_at(long line, const std::string& what) const;

 private:
  std::istream& in_;
  std::string source_;
  long line_ = 0;
};

/// A stream read whole and cut into lines as LineReader cuts them (numbered from 1, without the '\n' and a
/// '\r' before it): for the parsers of files of millions of lines, which read their lines on several threads.
class TextLines {
 public:
  explicit TextLines(std::istream& in);
  /// Number of lines.
  long size() const { return static_cast<long>(start_.size()) - 1; }
  /// Line `number`, from 1 to size().
  std::string_view line(long number) const;

 private:
  std::string text_;
  std::vector<std::size_t> start_;  // where each line starts, then one past the end of the last one plus one
};

/// Blanks between the words of most formats: space, tab, CR, VT, FF.
inline constexpr std::string_view kAnyBlank = " \t\r\v\f";
/// One of kAnyBlank, for the scanners that read millions of words in one pass.
inline bool is_any_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
/// Blanks between the words of a machine file line (and of a deck line): space and tab only
/// (docs/file-formats.md, "Lines of decks and machine files").
inline constexpr std::string_view kLineBlank = " \t";

/// The part of `line` before the first `marker` character.
std::string_view strip_comment(std::string_view line, char marker);
/// Splits on `blanks`.
std::vector<std::string_view> split_tokens(std::string_view text, std::string_view blanks = kAnyBlank);
/// The same into `tokens` (cleared first): for the parsers of files of millions of lines, one vector for all.
void split_tokens(std::string_view text, std::vector<std::string_view>& tokens,
                  std::string_view blanks = kAnyBlank);
/// `text` without leading and trailing `blanks`.
std::string_view trim(std::string_view text, std::string_view blanks = kAnyBlank);

/// Whole-token integer (no sign '+', no trailing junk such as "4x"); false otherwise.
bool parse_int64(std::string_view token, std::int64_t& value);
/// Whole-token finite floating-point number; false otherwise.
bool parse_double(std::string_view token, double& value);
/// A token that reads as a number (integer or floating point), as opposed to a name.
bool looks_numeric(std::string_view token);

/// Integer in [lo, hi] or std::invalid_argument "<what> must be ...".
std::int64_t int_in_range(std::string_view token, std::string_view what, std::int64_t lo, std::int64_t hi);

/// `token` quoted for an error message: at most 40 characters, control bytes shown as '?'.
/// Call it as impl::quoted: unqualified, argument-dependent lookup prefers std::quoted wherever <iomanip> is
/// included (in a unity build, by any earlier file of the unit).
std::string quoted(std::string_view token);
/// Base name of a path without its directory and its last extension ("a/b/torus.machine" -> "torus").
std::string path_stem(const std::string& path);
/// Shortest text that reads back as exactly `value`.
std::string format_double(double value);

}  // namespace tamp::impl
