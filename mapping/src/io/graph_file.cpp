// METIS graph parser: header "n m [fmt [ncon]]", one adjacency line per vertex (1-based), '%' comment lines.
// A graph of 10^6 vertices is millions of words: the file is read whole, its vertex lines are cut into runs
// that threads read at once, and the runs are joined in order, so the graph does not depend on the threads.
#include "tamp/io/graph_file.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "io/text_util.hpp"
#include "parallel.hpp"
#include "row_sort.hpp"
#include "tamp/error.hpp"

namespace tamp {

namespace {

struct Format {
  bool sizes = false;    // fmt 1xx: a vertex size first (read and ignored)
  bool weights = false;  // fmt x1x: ncon vertex weights (the first kept as the task's weight)
  bool edge_weights = false;
  int ncon = 0;
};

// The adjacency lists as read, one row per vertex (0-based ids), each row sorted by neighbour; an edge's
// weight is its bytes (integers up to 2^53: exact).
struct Rows {
  std::vector<std::int64_t> offsets{0};
  std::vector<int> targets;
  std::vector<double> bytes;
};

bool is_comment(std::string_view line) {
  const std::string_view t = impl::trim(line);
  return !t.empty() && t.front() == '%';
}

// Where the parser is: errors name the file and a line.
struct Place {
  const std::string& source;
  [[noreturn]] void fail(long line, const std::string& what) const { throw ParseError(source, line, what); }
};

Format parse_format(const Place& at, long line, const std::vector<std::string_view>& head) {
  Format f;
  if (head.size() >= 3) {
    const std::string_view fmt = head[2];
    if (fmt.empty() || fmt.size() > 3 || fmt.find_first_not_of("01") != std::string_view::npos)
      at.fail(line, "fmt must be 0, 1, 10, 11 or a 3-digit form such as 011, got " + impl::quoted(fmt));
    const std::string digits = std::string(3 - fmt.size(), '0') + std::string(fmt);
    f.sizes = digits[0] == '1';
    f.weights = digits[1] == '1';
    f.edge_weights = digits[2] == '1';
  }
  f.ncon = f.weights ? 1 : 0;
  if (head.size() == 4) {
    if (!f.weights) at.fail(line, "ncon is given but fmt has no vertex weights");
    try {
      f.ncon = static_cast<int>(impl::int_in_range(head[3], "ncon", 1, 1 << 20));
    } catch (const std::invalid_argument& e) {
      at.fail(line, e.what());
    }
  }
  return f;
}

// Sorts the row just read by neighbour.
void sort_last_row(Rows& rows) {
  const std::int64_t first = rows.offsets[rows.offsets.size() - 2];
  impl::sort_row_by_target(rows.targets.data() + first, rows.bytes.data() + first,
                           rows.offsets.back() - first);
}

// parse_vertex's fast path, for the lines of millions of vertices: the line's words read as plain decimals
// of at most 18 digits, in one pass, and the row appended. False, with nothing appended, on anything else
// (signs, junk, a value out of range, a missing weight): parse_vertex then reads the words one by one and
// names the fault.
bool parse_plain_vertex(std::string_view line, int u, int n, const Format& f, Rows& rows,
                        std::vector<double>& weights) {
  const char* p = line.data();
  const char* const end = p + line.size();
  // The next word as a number into `value`; false at the end of the line or on a word that is not plain.
  bool plain = true;
  const auto next = [&](std::int64_t& value) {
    while (p < end && impl::is_any_blank(*p)) ++p;
    if (p == end) return false;
    std::uint64_t digits_value = 0;  // unsigned: a longer word wraps, and is then left to the slow path
    int digits = 0;
    for (; p < end && *p >= '0' && *p <= '9'; ++p, ++digits)
      digits_value = digits_value * 10 + static_cast<unsigned>(*p - '0');
    plain = digits > 0 && digits <= 18 && (p == end || impl::is_any_blank(*p));
    value = static_cast<std::int64_t>(digits_value % (std::uint64_t{1} << 62));
    return plain;
  };
  const std::size_t kept = rows.targets.size();
  const auto undo = [&] {
    rows.targets.resize(kept);
    rows.bytes.resize(kept);
    return false;
  };
  std::int64_t value = 0;
  std::int64_t first_weight = 0;
  const int lead = (f.sizes ? 1 : 0) + f.ncon;
  for (int k = 0; k < lead; ++k) {
    if (!next(value)) return false;
    if (k == (f.sizes ? 1 : 0)) first_weight = value;
  }
  while (next(value)) {
    if (value < 1 || value > n || value == u + 1) return undo();
    std::int64_t w = 1;
    if (f.edge_weights && (!next(w) || w > impl::kMaxEdgeWeight)) return undo();
    rows.targets.push_back(static_cast<int>(value - 1));
    rows.bytes.push_back(static_cast<double>(w));
  }
  if (!plain) return undo();
  if (f.weights) weights.push_back(static_cast<double>(first_weight));
  return true;
}

// Reads the adjacency list of vertex u (0-based), on line `line`, as the next row of `rows`.
void parse_vertex(const Place& at, long line, std::string_view text, int u, int n, const Format& f,
                  Rows& rows, std::vector<double>& weights) {
  if (!parse_plain_vertex(text, u, n, f, rows, weights)) {
    const std::vector<std::string_view> tokens = impl::split_tokens(text);
    const std::size_t lead = (f.sizes ? 1 : 0) + static_cast<std::size_t>(f.ncon);
    if (tokens.size() < lead)
      at.fail(line, "vertex " + std::to_string(u + 1) + " needs " + std::to_string(lead) +
                        " leading values (size and weights, as fmt says) before its neighbours");
    const std::size_t step = f.edge_weights ? 2 : 1;
    try {
      for (std::size_t k = 0; k < lead; ++k) {
        const std::int64_t value =
            impl::int_in_range(tokens[k], k == 0 && f.sizes ? "a vertex size" : "a vertex weight", 0,
                               std::numeric_limits<std::int64_t>::max());
        if (f.weights && k == (f.sizes ? 1u : 0u))
          weights.push_back(static_cast<double>(value));  // the first
      }
      if ((tokens.size() - lead) % step != 0)
        at.fail(line, "vertex " + std::to_string(u + 1) + ": the last neighbour has no edge weight");
      for (std::size_t k = lead; k < tokens.size(); k += step) {
        const int v = static_cast<int>(impl::int_in_range(tokens[k], "a neighbour id", 1, n)) - 1;
        if (v == u)
          at.fail(line, "vertex " + std::to_string(u + 1) + " lists itself (self loops are not allowed)");
        const std::int64_t w =
            f.edge_weights ? impl::int_in_range(tokens[k + 1], "an edge weight", 0, impl::kMaxEdgeWeight) : 1;
        rows.targets.push_back(v);
        rows.bytes.push_back(static_cast<double>(w));
      }
    } catch (const std::invalid_argument& e) {
      at.fail(line, e.what());
    }
  }
  rows.offsets.push_back(static_cast<std::int64_t>(rows.targets.size()));
  sort_last_row(rows);
}

// The rows of the vertices on lines line_of[first, last), appended to `rows` (and their first weights to
// `weights`), each vertex by the fast path; stops at the first vertex it cannot read so and returns its index
// (`last` when none).
int parse_plain_run(const impl::TextLines& lines, const std::vector<long>& line_of, int first, int last,
                    int n, const Format& f, Rows& rows, std::vector<double>& weights) {
  if (first == last) return last;
  // Room for the entries at once: a word takes two characters at least.
  const std::string_view end = lines.line(line_of[last - 1]);
  rows.targets.reserve(
      static_cast<std::size_t>(end.data() + end.size() - lines.line(line_of[first]).data()) / 2 + 1);
  rows.bytes.reserve(rows.targets.capacity());
  rows.offsets.reserve(static_cast<std::size_t>(last - first) + 1);
  for (int u = first; u < last; ++u) {
    if (!parse_plain_vertex(lines.line(line_of[u]), u, n, f, rows, weights)) return u;
    rows.offsets.push_back(static_cast<std::int64_t>(rows.targets.size()));
    sort_last_row(rows);
  }
  return last;
}

// The vertices' rows: runs of vertex lines read by the fast path on `threads` threads and joined in order;
// from the first vertex a run could not read so, one vertex after the other by parse_vertex, which names the
// fault (or reads what the fast path leaves to it: numbers of 19 digits).
void parse_rows(const Place& at, const impl::TextLines& lines, const std::vector<long>& line_of, int n,
                const Format& f, int threads, Rows& rows, std::vector<double>& weights) {
  const int vertices = static_cast<int>(line_of.size());
  const impl::Runs split = impl::runs_of(vertices, threads);
  const int runs = split.count;
  std::vector<Rows> run_rows(static_cast<std::size_t>(runs));
  std::vector<std::vector<double>> run_weights(static_cast<std::size_t>(runs));
  std::vector<int> stopped(static_cast<std::size_t>(runs));
  const auto first_of = [&](int r) { return static_cast<int>(split.begin(r)); };
  impl::parallel_for(static_cast<std::size_t>(runs), threads, [&](std::size_t r) {
    const int run = static_cast<int>(r);
    stopped[r] =
        parse_plain_run(lines, line_of, first_of(run), first_of(run + 1), n, f, run_rows[r], run_weights[r]);
  });
  // The runs up to the first that stopped (with the rows it read), each copied to its place on the threads.
  int joined = 0;
  while (joined < runs && stopped[static_cast<std::size_t>(joined)] == first_of(joined + 1)) ++joined;
  joined = std::min(joined + 1, runs);
  std::vector<std::int64_t> base(static_cast<std::size_t>(joined) + 1, 0);
  for (int r = 0; r < joined; ++r)
    base[r + 1] = base[r] + static_cast<std::int64_t>(run_rows[static_cast<std::size_t>(r)].targets.size());
  const int next = stopped[static_cast<std::size_t>(joined - 1)];  // the first vertex not yet in `rows`
  rows.offsets.resize(static_cast<std::size_t>(next) + 1);
  rows.targets.resize(static_cast<std::size_t>(base[joined]));
  rows.bytes.resize(rows.targets.size());
  impl::parallel_for(static_cast<std::size_t>(joined), threads, [&](std::size_t r) {
    const Rows& part = run_rows[r];
    const int first = first_of(static_cast<int>(r));
    for (std::size_t k = 1; k < part.offsets.size(); ++k) rows.offsets[first + k] = base[r] + part.offsets[k];
    std::copy(part.targets.begin(), part.targets.end(), rows.targets.begin() + base[r]);
    std::copy(part.bytes.begin(), part.bytes.end(), rows.bytes.begin() + base[r]);
  });
  for (int r = 0; r < joined; ++r)
    weights.insert(weights.end(), run_weights[static_cast<std::size_t>(r)].begin(),
                   run_weights[static_cast<std::size_t>(r)].end());
  for (int u = next; u < vertices; ++u)
    parse_vertex(at, line_of[u], lines.line(line_of[u]), u, n, f, rows, weights);
}

// The first entry, in row order, for which faulty(u, e) holds (u its row, e its index), or {-1, -1}: runs of
// rows on `threads` threads.
template <class Faulty>
std::pair<int, std::int64_t> first_fault(const Rows& rows, int threads, const Faulty& faulty) {
  const impl::Runs split = impl::runs_of(static_cast<std::int64_t>(rows.offsets.size()) - 1, threads);
  std::vector<std::pair<int, std::int64_t>> found(static_cast<std::size_t>(split.count), {-1, -1});
  impl::parallel_for(found.size(), threads, [&](std::size_t r) {
    const int first = static_cast<int>(split.begin(static_cast<int>(r)));
    const int last = static_cast<int>(split.begin(static_cast<int>(r) + 1));
    for (int u = first; u < last; ++u)
      for (std::int64_t e = rows.offsets[u]; e < rows.offsets[u + 1]; ++e)
        if (faulty(u, e)) {
          found[r] = {u, e};
          return;
        }
  });
  for (const auto& fault : found)
    if (fault.first >= 0) return fault;
  return {-1, -1};
}

// Every {u,v} must be listed by both ends with the same weight, once. The first fault in (u, v) order is
// reported; each reverse is found by bisecting its row.
void check_symmetric(const Place& at, const Rows& rows, const std::vector<long>& line_of, int threads) {
  const auto twice = first_fault(rows, threads, [&](int u, std::int64_t e) {
    return e > rows.offsets[u] && rows.targets[e] == rows.targets[e - 1];
  });
  if (twice.first >= 0)
    at.fail(line_of[twice.first], "vertex " + std::to_string(twice.first + 1) + " lists neighbour " +
                                      std::to_string(rows.targets[twice.second] + 1) + " twice");
  // Where row v lists u (the end of the row when it does not).
  const auto reverse = [&](int u, int v) {
    const auto last = rows.targets.begin() + rows.offsets[v + 1];
    const auto back = std::lower_bound(rows.targets.begin() + rows.offsets[v], last, u);
    return back != last && *back == u ? back - rows.targets.begin() : -1;
  };
  const auto [u, e] = first_fault(rows, threads, [&](int row, std::int64_t entry) {
    const std::int64_t back = reverse(row, rows.targets[entry]);
    return back < 0 || rows.bytes[back] != rows.bytes[entry];
  });
  if (u < 0) return;
  const int v = rows.targets[e];
  const std::string u1 = std::to_string(u + 1);
  const std::string v1 = std::to_string(v + 1);
  const std::int64_t back = reverse(u, v);
  if (back < 0)
    at.fail(line_of[u], "vertex " + u1 + " lists " + v1 + " but vertex " + v1 + " (line " +
                            std::to_string(line_of[v]) + ") does not list " + u1);
  const auto weight = [](double bytes) { return std::to_string(static_cast<std::int64_t>(bytes)); };
  at.fail(line_of[u], "edge {" + u1 + "," + v1 + "} has weight " + weight(rows.bytes[e]) + " here but " +
                          weight(rows.bytes[back]) + " on line " + std::to_string(line_of[v]));
}

// The rows as a task graph: each edge a message each way of its weight in bytes; zero-weight edges carry no
// message.
TaskGraph to_task_graph(int n, Rows rows) {
  if (std::find(rows.bytes.begin(), rows.bytes.end(), 0.0) != rows.bytes.end()) {
    std::int64_t kept = 0;
    for (int u = 0; u < n; ++u) {
      const std::int64_t begin = rows.offsets[u], end = rows.offsets[u + 1];
      rows.offsets[u] = kept;
      for (std::int64_t e = begin; e < end; ++e) {
        if (rows.bytes[e] == 0) continue;
        rows.targets[kept] = rows.targets[e];
        rows.bytes[kept++] = rows.bytes[e];
      }
    }
    rows.offsets[n] = kept;
    rows.targets.resize(static_cast<std::size_t>(kept));
    rows.bytes.resize(static_cast<std::size_t>(kept));
  }
  return TaskGraph::from_csr(n, std::move(rows.offsets), std::move(rows.targets), std::move(rows.bytes));
}

}  // namespace

TaskGraph parse_metis_graph(std::istream& in, const std::string& source, int threads) {
  const Place at{source};
  const impl::TextLines lines(in);
  // The header is the first line with words that is not a comment.
  long header_line = 1;
  while (header_line <= lines.size() &&
         (is_comment(lines.line(header_line)) || impl::split_tokens(lines.line(header_line)).empty()))
    ++header_line;
  if (header_line > lines.size()) at.fail(std::max(1L, lines.size()), "no header line \"n m [fmt [ncon]]\"");
  const std::vector<std::string_view> words = impl::split_tokens(lines.line(header_line));
  if (words.size() < 2 || words.size() > 4)
    at.fail(header_line,
            "the header must be \"n m [fmt [ncon]]\", got " + std::to_string(words.size()) + " values");
  int n = 0;
  std::int64_t m = 0;
  try {
    n = static_cast<int>(impl::int_in_range(words[0], "the number of vertices", 1, impl::kMaxTasks));
    m = impl::int_in_range(words[1], "the number of edges", 0, std::numeric_limits<std::int64_t>::max() / 2);
  } catch (const std::invalid_argument& e) {
    at.fail(header_line, e.what());
  }
  const Format f = parse_format(at, header_line, words);

  // An empty line is a vertex without neighbours; only '%' lines are skipped.
  std::vector<long> line_of;  // line of each vertex
  long next = header_line + 1;
  for (; next <= lines.size() && static_cast<int>(line_of.size()) < n; ++next)
    if (!is_comment(lines.line(next))) line_of.push_back(next);
  Rows rows;
  std::vector<double> weights;  // the first vertex weight of each vertex, with fmt x1x
  const int workers = impl::worker_threads(threads);
  parse_rows(at, lines, line_of, n, f, workers, rows, weights);
  if (static_cast<int>(line_of.size()) < n)
    at.fail(std::max(1L, lines.size()), "the file ends after " + std::to_string(line_of.size()) +
                                            " vertex lines; the header (line " + std::to_string(header_line) +
                                            ") declares " + std::to_string(n));
  for (; next <= lines.size(); ++next)
    if (!is_comment(lines.line(next)) && !impl::split_tokens(lines.line(next)).empty())
      at.fail(next, "more vertex lines than the " + std::to_string(n) + " declared on line " +
                        std::to_string(header_line));

  check_symmetric(at, rows, line_of, workers);
  if (static_cast<std::int64_t>(rows.targets.size()) != 2 * m)
    at.fail(header_line, "the header declares " + std::to_string(m) + " edges but the adjacency lists hold " +
                             std::to_string(rows.targets.size() / 2) + " (each edge is listed by both ends)");
  TaskGraph graph = to_task_graph(n, std::move(rows));
  if (f.weights) graph.set_task_weights(std::move(weights));
  return graph;
}

}  // namespace tamp
