// Matrix Market reader: one pass, every entry checked, the lower triangle kept.
#include "matrix_market.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <tuple>

#include "tamp/app/memory.hpp"
#include "tamp/error.hpp"

namespace tamp::lanczos {
namespace {

struct Entry {
  std::int64_t row;
  std::int64_t col;
  double value;
  long line;
};

std::string lower_case(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Lower-triangle view of `entries`: (max, min) indices; reports the first pair that breaks symmetry.
void check_symmetric(const std::string& path, std::vector<Entry>& entries) {
  std::vector<Entry> upper;
  std::vector<Entry> lower;
  for (const Entry& e : entries) {
    if (e.row < e.col) {
      upper.push_back({e.col, e.row, e.value, e.line});
    } else if (e.row > e.col) {
      lower.push_back(e);
    }
  }
  const auto by_index = [](const Entry& a, const Entry& b) {
    return std::tie(a.row, a.col) < std::tie(b.row, b.col);
  };
  std::sort(upper.begin(), upper.end(), by_index);
  std::sort(lower.begin(), lower.end(), by_index);
  std::size_t u = 0;
  std::size_t l = 0;
  while (u < upper.size() || l < lower.size()) {
    const bool take_upper = l == lower.size() || (u < upper.size() && by_index(upper[u], lower[l]));
    const bool take_lower = u == upper.size() || (l < lower.size() && by_index(lower[l], upper[u]));
    if (take_upper || take_lower) {
      const Entry& e = take_upper ? upper[u] : lower[l];
      const std::int64_t i = take_upper ? e.col : e.row;
      const std::int64_t j = take_upper ? e.row : e.col;
      throw ParseError(path, e.line,
                       "the matrix is not symmetric: entry (" + std::to_string(i + 1) + "," +
                           std::to_string(j + 1) + ") has no entry (" + std::to_string(j + 1) + "," +
                           std::to_string(i + 1) + ")");
    }
    if (upper[u].value != lower[l].value) {
      std::ostringstream text;
      text << "the matrix is not symmetric: entry (" << lower[l].row + 1 << "," << lower[l].col + 1
           << ") = " << lower[l].value << " but (" << lower[l].col + 1 << "," << lower[l].row + 1
           << ") = " << upper[u].value;
      throw ParseError(path, std::max(upper[u].line, lower[l].line), text.str());
    }
    ++u;
    ++l;
  }
  entries.erase(std::remove_if(entries.begin(), entries.end(), [](const Entry& e) { return e.row < e.col; }),
                entries.end());
}

}  // namespace

LowerCsr read_matrix_market(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ParseError(path, 0, "cannot open the Matrix Market file");
  std::string line;
  long number = 0;
  if (!std::getline(in, line)) throw ParseError(path, 1, "empty file (expected a %%MatrixMarket header)");
  ++number;
  std::istringstream header(lower_case(line));
  std::string banner, object, format, field, symmetry;
  header >> banner >> object >> format >> field >> symmetry;
  if (banner != "%%matrixmarket" || object != "matrix")
    throw ParseError(path, 1, "not a Matrix Market file (expected '%%MatrixMarket matrix ...')");
  if (format != "coordinate")
    throw ParseError(path, 1, "format '" + format + "' is not supported (expected coordinate)");
  if (field != "real" && field != "integer" && field != "pattern" && field != "double")
    throw ParseError(path, 1, "field '" + field + "' is not supported (expected real, integer or pattern)");
  if (symmetry != "symmetric" && symmetry != "general")
    throw ParseError(path, 1, "symmetry '" + symmetry + "' is not supported (expected symmetric or general)");
  const bool pattern = field == "pattern";

  // Comments, then the size line.
  long long rows = -1, cols = -1, count = -1;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '%') continue;
    std::istringstream size(line);
    std::string rest;
    if (!(size >> rows >> cols >> count) || (size >> rest) || rows < 1 || cols < 1 || count < 0)
      throw ParseError(path, number, "bad size line '" + line + "' (expected: rows columns entries)");
    break;
  }
  if (rows < 0) throw ParseError(path, number, "no size line");
  if (rows != cols)
    throw ParseError(path, number,
                     "the matrix is " + std::to_string(rows) + " x " + std::to_string(cols) + ", not square");

  // Nothing is allocated from the size line before it is checked: the reservation is capped by what the rest
  // of the file can hold (an entry line takes at least "i j\n", or "i j v\n"; a count beyond that ends in
  // "the file ends after ..." below), and the rows' offsets must fit in memory.
  const std::streampos here = in.tellg();
  in.seekg(0, std::ios::end);
  const long long left = here < 0 ? count : static_cast<long long>(in.tellg() - here);
  in.seekg(here);
  const long long most = std::min(count, left / (pattern ? 4 : 6));
  app::require_memory(8.0 * static_cast<double>(rows) + 2 * 40.0 * static_cast<double>(most),
                      path + ":" + std::to_string(number) + ": " + std::to_string(rows) + " rows, " +
                          std::to_string(count) + " entries",
                      "row offsets and entries while the file is read");
  std::vector<Entry> entries;
  entries.reserve(static_cast<std::size_t>(most));
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '%' || line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (static_cast<long long>(entries.size()) == count)
      throw ParseError(path, number, "more entries than the " + std::to_string(count) + " of the size line");
    std::istringstream fields(line);
    long long i = 0, j = 0;
    double value = 1.0;
    std::string rest;
    if (!(fields >> i >> j) || (!pattern && !(fields >> value)) || (fields >> rest))
      throw ParseError(path, number,
                       "bad entry '" + line + "' (expected: row column" + (pattern ? "" : " value") + ")");
    if (i < 1 || i > rows || j < 1 || j > cols)
      throw ParseError(path, number,
                       "entry (" + std::to_string(i) + "," + std::to_string(j) + ") is outside the " +
                           std::to_string(rows) + " x " + std::to_string(cols) + " matrix");
    if (symmetry == "symmetric" && i < j)
      throw ParseError(path, number,
                       "entry (" + std::to_string(i) + "," + std::to_string(j) +
                           ") is above the diagonal of a symmetric file (only the lower triangle)");
    entries.push_back({i - 1, j - 1, value, number});
  }
  if (static_cast<long long>(entries.size()) != count)
    throw ParseError(path, number,
                     "the file ends after " + std::to_string(entries.size()) + " of " +
                         std::to_string(count) + " entries");
  if (symmetry == "general") check_symmetric(path, entries);

  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return std::tie(a.row, a.col) < std::tie(b.row, b.col); });
  for (std::size_t e = 1; e < entries.size(); ++e) {
    if (entries[e].row == entries[e - 1].row && entries[e].col == entries[e - 1].col)
      throw ParseError(path, entries[e].line,
                       "duplicate entry (" + std::to_string(entries[e].row + 1) + "," +
                           std::to_string(entries[e].col + 1) + ")");
  }
  LowerCsr m;
  m.n = rows;
  m.offsets.assign(static_cast<std::size_t>(rows) + 1, 0);
  for (const Entry& e : entries) ++m.offsets[e.row + 1];
  for (std::int64_t r = 0; r < rows; ++r) m.offsets[r + 1] += m.offsets[r];
  for (const Entry& e : entries) {
    m.columns.push_back(e.col);
    m.values.push_back(e.value);
  }
  return m;
}

}  // namespace tamp::lanczos
