// METIS graph parser: header "n m [fmt [ncon]]", one adjacency line per vertex (1-based), '%' comment lines.
#include "tamp/io/graph_file.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "io/text_util.hpp"

namespace tamp {

namespace {

struct Format {
  bool sizes = false;    // fmt 1xx: a vertex size first (read and ignored)
  bool weights = false;  // fmt x1x: ncon vertex weights (the first kept as the task's weight)
  bool edge_weights = false;
  int ncon = 0;
};

// One adjacency entry: vertex u lists neighbour v with weight w (0-based ids).
struct Entry {
  int u = 0;
  int v = 0;
  std::int64_t w = 0;
};

bool is_comment(std::string_view line) {
  const std::string_view t = impl::trim(line);
  return !t.empty() && t.front() == '%';
}

Format parse_format(const impl::LineReader& reader, const std::vector<std::string_view>& head) {
  Format f;
  if (head.size() >= 3) {
    const std::string_view fmt = head[2];
    if (fmt.empty() || fmt.size() > 3 || fmt.find_first_not_of("01") != std::string_view::npos)
      reader.fail("fmt must be 0, 1, 10, 11 or a 3-digit form such as 011, got " + impl::quoted(fmt));
    const std::string digits = std::string(3 - fmt.size(), '0') + std::string(fmt);
    f.sizes = digits[0] == '1';
    f.weights = digits[1] == '1';
    f.edge_weights = digits[2] == '1';
  }
  f.ncon = f.weights ? 1 : 0;
  if (head.size() == 4) {
    if (!f.weights) reader.fail("ncon is given but fmt has no vertex weights");
    try {
      f.ncon = static_cast<int>(impl::int_in_range(head[3], "ncon", 1, 1 << 20));
    } catch (const std::invalid_argument& e) {
      reader.fail(e.what());
    }
  }
  return f;
}

// Reads the adjacency list of vertex u (0-based) into `entries`.
void parse_vertex(const impl::LineReader& reader, const std::vector<std::string_view>& tokens, int u, int n,
                  const Format& f, std::vector<Entry>& entries, std::vector<double>& weights) {
  const std::size_t lead = (f.sizes ? 1 : 0) + static_cast<std::size_t>(f.ncon);
  if (tokens.size() < lead)
    reader.fail("vertex " + std::to_string(u + 1) + " needs " + std::to_string(lead) +
                " leading values (size and weights, as fmt says) before its neighbours");
  try {
    for (std::size_t k = 0; k < lead; ++k) {
      const std::int64_t value =
          impl::int_in_range(tokens[k], k == 0 && f.sizes ? "a vertex size" : "a vertex weight", 0,
                             std::numeric_limits<std::int64_t>::max());
      if (f.weights && k == (f.sizes ? 1u : 0u)) weights.push_back(static_cast<double>(value));  // the first
    }
    const std::size_t step = f.edge_weights ? 2 : 1;
    if ((tokens.size() - lead) % step != 0)
      reader.fail("vertex " + std::to_string(u + 1) + ": the last neighbour has no edge weight");
    for (std::size_t k = lead; k < tokens.size(); k += step) {
      const int v = static_cast<int>(impl::int_in_range(tokens[k], "a neighbour id", 1, n)) - 1;
      if (v == u)
        reader.fail("vertex " + std::to_string(u + 1) + " lists itself (self loops are not allowed)");
      const std::int64_t w =
          f.edge_weights ? impl::int_in_range(tokens[k + 1], "an edge weight", 0, impl::kMaxEdgeWeight) : 1;
      entries.push_back({u, v, w});
    }
  } catch (const std::invalid_argument& e) {
    reader.fail(e.what());
  }
}

// Every {u,v} must be listed by both ends with the same weight, once.
void check_symmetric(const impl::LineReader& reader, std::vector<Entry>& entries,
                     const std::vector<long>& line_of) {
  const auto less = [](const Entry& a, const Entry& b) { return a.u != b.u ? a.u < b.u : a.v < b.v; };
  // Entries arrive grouped by u in increasing order; sorting within each group keeps errors in line order.
  std::stable_sort(entries.begin(), entries.end(), less);
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (entries[i].u == entries[i - 1].u && entries[i].v == entries[i - 1].v)
      reader.fail_at(line_of[entries[i].u], "vertex " + std::to_string(entries[i].u + 1) +
                                                " lists neighbour " + std::to_string(entries[i].v + 1) +
                                                " twice");
  for (const Entry& e : entries) {
    const Entry back{e.v, e.u, 0};
    const auto it = std::lower_bound(entries.begin(), entries.end(), back, less);
    const std::string u1 = std::to_string(e.u + 1);
    const std::string v1 = std::to_string(e.v + 1);
    if (it == entries.end() || it->u != e.v || it->v != e.u)
      reader.fail_at(line_of[e.u], "vertex " + u1 + " lists " + v1 + " but vertex " + v1 + " (line " +
                                       std::to_string(line_of[e.v]) + ") does not list " + u1);
    if (it->w != e.w)
      reader.fail_at(line_of[e.u], "edge {" + u1 + "," + v1 + "} has weight " + std::to_string(e.w) +
                                       " here but " + std::to_string(it->w) + " on line " +
                                       std::to_string(line_of[e.v]));
  }
}

}  // namespace

TaskGraph parse_metis_graph(std::istream& in, const std::string& source) {
  impl::LineReader reader(in, source);
  std::string raw;
  std::vector<std::string_view> head;
  while (head.empty() && reader.next(raw))
    if (!is_comment(raw)) head = impl::split_tokens(raw);
  if (head.empty()) reader.fail_at(std::max(1L, reader.line_number()), "no header line \"n m [fmt [ncon]]\"");
  const long header_line = reader.line_number();
  if (head.size() < 2 || head.size() > 4)
    reader.fail("the header must be \"n m [fmt [ncon]]\", got " + std::to_string(head.size()) + " values");
  int n = 0;
  std::int64_t m = 0;
  try {
    n = static_cast<int>(impl::int_in_range(head[0], "the number of vertices", 1, impl::kMaxTasks));
    m = impl::int_in_range(head[1], "the number of edges", 0, std::numeric_limits<std::int64_t>::max() / 2);
  } catch (const std::invalid_argument& e) {
    reader.fail(e.what());
  }
  const Format f = parse_format(reader, head);

  std::vector<Entry> entries;
  std::vector<double> weights;  // the first vertex weight of each vertex, with fmt x1x
  std::vector<long> line_of;    // line of each vertex, for messages
  // An empty line is a vertex without neighbours; only '%' lines are skipped.
  while (static_cast<int>(line_of.size()) < n && reader.next(raw)) {
    if (is_comment(raw)) continue;
    line_of.push_back(reader.line_number());
    parse_vertex(reader, impl::split_tokens(raw), static_cast<int>(line_of.size()) - 1, n, f, entries,
                 weights);
  }
  if (static_cast<int>(line_of.size()) < n)
    reader.fail_at(std::max(1L, reader.line_number()),
                   "the file ends after " + std::to_string(line_of.size()) +
                       " vertex lines; the header (line " + std::to_string(header_line) + ") declares " +
                       std::to_string(n));
  while (reader.next(raw))
    if (!is_comment(raw) && !impl::split_tokens(raw).empty())
      reader.fail("more vertex lines than the " + std::to_string(n) + " declared on line " +
                  std::to_string(header_line));

  check_symmetric(reader, entries, line_of);
  if (static_cast<std::int64_t>(entries.size()) != 2 * m)
    reader.fail_at(header_line,
                   "the header declares " + std::to_string(m) + " edges but the adjacency lists hold " +
                       std::to_string(entries.size() / 2) + " (each edge is listed by both ends)");

  std::vector<Edge> edges(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i)
    edges[i] = {entries[i].u, entries[i].v, static_cast<double>(entries[i].w)};
  entries = std::vector<Entry>();
  TaskGraph graph = TaskGraph::from_edges(n, std::move(edges));
  if (f.weights) graph.set_task_weights(std::move(weights));
  return graph;
}

}  // namespace tamp
