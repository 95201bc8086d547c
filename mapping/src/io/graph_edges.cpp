// Directed edge lists ("tasks N" then "src dst bytes"), task coordinates (.xyz) and read_task_graph().
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "io/text_util.hpp"
#include "parallel.hpp"
#include "tamp/error.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/phases_file.hpp"

namespace tamp {

namespace {

// Runs `f`, turning its std::invalid_argument into a ParseError at the reader's current line.
template <class F>
auto at_line(const impl::LineReader& reader, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::invalid_argument& e) {
    reader.fail(e.what());
  }
}

}  // namespace

TaskGraph parse_edge_list(std::istream& in, const std::string& source) {
  impl::LineReader reader(in, source);
  std::string raw;
  int n = -1;
  std::vector<Edge> edges;
  while (reader.next(raw)) {
    const auto tokens = impl::split_tokens(impl::strip_comment(raw, '#'));
    if (tokens.empty()) continue;
    if (n < 0) {
      if (tokens.size() != 2 || tokens[0] != "tasks") reader.fail("expected \"tasks N\" as the first line");
      n = static_cast<int>(
          at_line(reader, [&] { return impl::int_in_range(tokens[1], "tasks", 1, impl::kMaxTasks); }));
      continue;
    }
    if (tokens.size() != 3)
      reader.fail("expected \"src dst bytes\", got " + std::to_string(tokens.size()) + " values");
    Edge e;
    at_line(reader, [&] {
      e.src = static_cast<int>(impl::int_in_range(tokens[0], "src", 0, n - 1));
      e.dst = static_cast<int>(impl::int_in_range(tokens[1], "dst", 0, n - 1));
    });
    // Capped so that sums of messages (and hop-bytes) stay far from overflow, and every message can be
    // written back.
    if (!impl::parse_double(tokens[2], e.bytes) || e.bytes < 0 || e.bytes > impl::kMaxEdgeBytes)
      reader.fail("bytes must be a number in [0, 2^53], got " + impl::quoted(tokens[2]));
    edges.push_back(e);
  }
  if (n < 0) reader.fail_at(std::max(1L, reader.line_number()), "no \"tasks N\" line");
  TaskGraph graph = TaskGraph::from_edges(n, std::move(edges));
  // Lines with the same src and dst add up; the sum obeys the same cap (reported at the end of the file).
  for (int u = 0; u < n; ++u)
    for (std::int64_t i = graph.offsets()[u]; i < graph.offsets()[u + 1]; ++i)
      if (graph.bytes()[i] > impl::kMaxEdgeBytes)
        reader.fail("the messages " + std::to_string(u) + " -> " + std::to_string(graph.targets()[i]) +
                    " add up to more than 2^53 bytes");
  return graph;
}

namespace {

// The coordinates file line by line, naming the first fault.
void parse_coordinate_lines(const impl::TextLines& lines, const std::string& source, TaskGraph& graph) {
  const auto fail = [&](long line, const std::string& what) { throw ParseError(source, line, what); };
  const long long n = graph.num_tasks();
  int dim = 0;
  long first_line = 0;
  long long count = 0;
  std::vector<double> xyz;
  std::vector<std::string_view> tokens;
  for (long line = 1; line <= lines.size(); ++line) {
    impl::split_tokens(impl::strip_comment(lines.line(line), '#'), tokens);
    if (tokens.empty()) continue;
    if (dim == 0) {
      if (tokens.size() > static_cast<std::size_t>(impl::kMaxDims))
        fail(line, std::to_string(tokens.size()) + " coordinates per task (at most " +
                       std::to_string(impl::kMaxDims) + ")");
      dim = static_cast<int>(tokens.size());
      first_line = line;
    } else if (tokens.size() != static_cast<std::size_t>(dim)) {
      fail(line, std::to_string(tokens.size()) + " coordinates, but line " + std::to_string(first_line) +
                     " has " + std::to_string(dim));
    }
    if (count == n) fail(line, "more coordinate lines than the " + std::to_string(n) + " tasks of the graph");
    for (std::string_view t : tokens) {
      double v = 0;
      if (!impl::parse_double(t, v)) fail(line, "coordinates must be finite numbers, got " + impl::quoted(t));
      xyz.push_back(v);
    }
    ++count;
  }
  if (count < n)
    fail(std::max(1L, lines.size()),
         std::to_string(count) + " coordinate lines for the " + std::to_string(n) + " tasks of the graph");
  graph.set_coordinates(dim, std::move(xyz));
}

// Lines [first, last) of `dim` coordinates each (lines without words skipped), appended to `xyz` in one pass
// a line; false at the first line that is not so.
bool parse_coordinate_run(const impl::TextLines& lines, long first, long last, std::size_t dim,
                          std::vector<double>& xyz) {
  for (long line = first; line < last; ++line) {
    const std::string_view text = lines.line(line);
    const char* p = text.data();
    const char* const end = p + text.size();
    std::size_t words = 0;
    while (true) {
      while (p < end && impl::is_any_blank(*p)) ++p;
      if (p == end || *p == '#') break;
      const char* const word = p;
      while (p < end && !impl::is_any_blank(*p) && *p != '#') ++p;
      double v = 0;
      if (++words > dim || !impl::parse_double(std::string_view(word, static_cast<std::size_t>(p - word)), v))
        return false;
      xyz.push_back(v);
    }
    if (words != 0 && words != dim) return false;
  }
  return true;
}

// The coordinates of every task, from a .xyz file's text.
void parse_coordinate_text(const impl::TextLines& lines, const std::string& source, TaskGraph& graph,
                           int threads) {
  // Runs of lines on the threads, joined in order; a file they do not read whole (a fault, or not one line
  // a task) is read again line by line, which names the fault.
  std::size_t dim = 0;  // the words of the first line that has any
  for (long line = 1; line <= lines.size() && dim == 0; ++line)
    dim = impl::split_tokens(impl::strip_comment(lines.line(line), '#')).size();
  const int workers = impl::worker_threads(threads);
  const impl::Runs split = impl::runs_of(lines.size(), workers);
  std::vector<std::vector<double>> run_xyz(static_cast<std::size_t>(split.count));
  std::vector<char> read(run_xyz.size(), 0);
  if (dim > 0 && dim <= static_cast<std::size_t>(impl::kMaxDims))
    impl::parallel_for(run_xyz.size(), workers, [&](std::size_t r) {
      const int run = static_cast<int>(r);
      read[r] = parse_coordinate_run(lines, 1 + split.begin(run), 1 + split.begin(run + 1), dim, run_xyz[r]);
    });
  std::size_t total = 0;
  for (const auto& part : run_xyz) total += part.size();
  if (dim == 0 || std::count(read.begin(), read.end(), 0) > 0 ||
      total != static_cast<std::size_t>(graph.num_tasks()) * dim) {
    parse_coordinate_lines(lines, source, graph);
    return;
  }
  std::vector<double> xyz;
  xyz.reserve(total);
  for (auto& part : run_xyz) {
    xyz.insert(xyz.end(), part.begin(), part.end());
    part = std::vector<double>();
  }
  graph.set_coordinates(static_cast<int>(dim), std::move(xyz));
}

}  // namespace

void parse_coordinates(std::istream& in, const std::string& source, TaskGraph& graph, int threads) {
  parse_coordinate_text(impl::TextLines(in), source, graph, threads);
}

TaskGraph read_task_graph(const std::string& path, int threads) {
  namespace fs = std::filesystem;
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the task graph");
  const fs::path p(path);
  // "G.graph" takes "G.xyz"; "G.xyz" beside "G" also works, as does "G.graph.xyz".
  std::vector<fs::path> candidates;
  if (p.has_extension()) candidates.push_back(fs::path(p).replace_extension(".xyz"));
  candidates.push_back(fs::path(path + ".xyz"));
  std::optional<fs::path> xyz_path;
  for (const fs::path& c : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(c, ec)) {
      xyz_path = c;
      break;
    }
  }
  // The coordinates' text is read while the graph is parsed (reading a file is serial); a graph that fails
  // is reported first, as when they were read one after the other.
  TaskGraph graph;
  std::optional<impl::TextLines> xyz_lines;
  const auto read_graph = [&] {
    graph = p.extension() == ".edges" ? parse_edge_list(in, path) : parse_metis_graph(in, path, threads);
  };
  const auto read_xyz = [&] {
    if (!xyz_path) return;
    std::ifstream xyz(*xyz_path);
    if (!xyz) throw std::runtime_error(xyz_path->string() + ": cannot open the coordinates file");
    xyz_lines.emplace(xyz);
  };
  impl::side_by_side(xyz_path ? impl::worker_threads(threads) : 1, read_graph, read_xyz);
  if (xyz_lines) parse_coordinate_text(*xyz_lines, xyz_path->string(), graph, threads);
  // "G.graph" takes "G.phases" (or "G.graph.phases"): the graph becomes the union of its phases.
  std::vector<fs::path> phase_files;
  if (p.has_extension()) phase_files.push_back(fs::path(p).replace_extension(".phases"));
  phase_files.push_back(fs::path(path + ".phases"));
  for (const fs::path& c : phase_files) {
    std::error_code ec;
    if (!fs::is_regular_file(c, ec)) continue;
    std::ifstream file(c);
    if (!file) throw std::runtime_error(c.string() + ": cannot open the phases file");
    attach_phases(graph, parse_phases(file, c.string(), graph.num_tasks()), c.string());
    break;
  }
  return graph;
}

}  // namespace tamp
