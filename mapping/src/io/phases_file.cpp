// Phases file: parser, writer, and the check that a G.phases file belongs to its G.graph.
#include "tamp/io/phases_file.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <stdexcept>
#include <tuple>

#include "io/text_util.hpp"

namespace tamp {

namespace {

constexpr std::int64_t kMaxMessages = std::int64_t{1} << 28;

int parse_task(const impl::LineReader& reader, std::string_view token, int tasks, const char* what) {
  std::int64_t v = 0;
  if (!impl::parse_int64(token, v) || v < 0 || v >= tasks)
    reader.fail(std::string(what) + " task " + impl::quoted(token) + " is not in [0, " +
                std::to_string(tasks) + ")");
  return static_cast<int>(v);
}

double parse_amount(const impl::LineReader& reader, std::string_view token, const char* what) {
  double v = 0;
  if (!impl::parse_double(token, v) || !std::isfinite(v) || v < 0 || v > impl::kMaxEdgeBytes)
    reader.fail(std::string(what) + " " + impl::quoted(token) + " is not a number in [0, 2^53]");
  return v;
}

// True when `graph` has a message u -> v (binary search in the sorted CSR row).
bool has_message(const TaskGraph& graph, int u, int v) {
  const auto first = graph.targets().begin() + graph.offsets()[u];
  const auto last = graph.targets().begin() + graph.offsets()[u + 1];
  return std::binary_search(first, last, v);
}

// The first pair of `a` that `b` lacks in both directions, as "u -> v"; empty when there is none.
std::string missing_pair(const TaskGraph& a, const TaskGraph& b) {
  for (int u = 0; u < a.num_tasks(); ++u)
    for (std::int64_t e = a.offsets()[u]; e < a.offsets()[u + 1]; ++e) {
      const int v = a.targets()[e];
      if (u != v && !has_message(b, u, v) && !has_message(b, v, u))
        return std::to_string(u) + " -> " + std::to_string(v);
    }
  return {};
}

}  // namespace

std::vector<Phase> parse_phases(std::istream& in, const std::string& source, int expected_tasks) {
  impl::LineReader reader(in, source);
  std::string raw;
  int tasks = -1;
  std::vector<Phase> phases;
  std::int64_t pending = 0;  // message lines still expected for the last phase
  std::int64_t total = 0;
  long phase_line = 0;
  while (reader.next(raw)) {
    const auto tokens = impl::split_tokens(impl::strip_comment(raw, '#'));
    if (tokens.empty()) continue;
    if (tasks < 0) {
      if (tokens[0] != "tasks" || tokens.size() != 2) reader.fail("the first line must be \"tasks N\"");
      try {
        tasks = static_cast<int>(impl::int_in_range(tokens[1], "the number of tasks", 0, impl::kMaxTasks));
      } catch (const std::invalid_argument& e) {
        reader.fail(e.what());
      }
      if (expected_tasks >= 0 && tasks != expected_tasks)
        reader.fail("the phases are for " + std::to_string(tasks) + " tasks, the graph has " +
                    std::to_string(expected_tasks));
      continue;
    }
    if (pending > 0) {
      if (tokens.size() != 3)
        reader.fail("expected a message \"SRC DST BYTES\" (" + std::to_string(pending) +
                    " more for the phase of line " + std::to_string(phase_line) + "), got " +
                    std::to_string(tokens.size()) + " values");
      const int src = parse_task(reader, tokens[0], tasks, "source");
      const int dst = parse_task(reader, tokens[1], tasks, "destination");
      phases.back().edges.push_back({src, dst, parse_amount(reader, tokens[2], "bytes")});
      --pending;
      continue;
    }
    if (tokens[0] != "phase" || tokens.size() < 5 || tokens.size() > 7)
      reader.fail(
          "expected \"phase NAME p2p|collective COUNT MESSAGES [launcher] [sendrecv|blocking]\", got " +
          impl::quoted(tokens[0]) + " with " + std::to_string(tokens.size()) + " values");
    Phase p;
    for (std::size_t i = 5; i < tokens.size(); ++i) {
      if (tokens[i] == "launcher" && i == 5) {
        p.launcher_order = true;
        continue;
      }
      try {
        p.posting = parse_posting(tokens[i]);
      } catch (const std::invalid_argument&) {
        reader.fail(
            "after the messages, a phase takes \"launcher\" (a collective in launcher order) and then "
            "how its messages are posted (sendrecv or blocking), got " +
            impl::quoted(tokens[i]));
      }
      if (i + 1 != tokens.size())
        reader.fail("the phase's posting (" + impl::quoted(tokens[i]) + ") must be its last value");
    }
    p.name = std::string(tokens[1]);
    try {
      p.kind = parse_phase_kind(tokens[2]);
    } catch (const std::invalid_argument& e) {
      reader.fail(e.what());
    }
    p.count = parse_amount(reader, tokens[3], "count");
    try {
      pending = impl::int_in_range(tokens[4], "the number of messages", 0, kMaxMessages - total);
    } catch (const std::invalid_argument& e) {
      reader.fail(e.what());
    }
    total += pending;
    phase_line = reader.line_number();
    phases.push_back(std::move(p));
  }
  if (tasks < 0) reader.fail_at(std::max(1L, reader.line_number()), "empty file: expected \"tasks N\"");
  if (pending > 0)
    reader.fail_at(std::max(1L, reader.line_number()), "the file ends " + std::to_string(pending) +
                                                           " messages short of the phase of line " +
                                                           std::to_string(phase_line));
  return phases;
}

void write_phases(std::ostream& out, const TaskGraph& graph) {
  out << "# tamp phases: \"phase NAME KIND COUNT MESSAGES [launcher] [sendrecv|blocking]\", then MESSAGES "
         "lines \"SRC DST BYTES\"\n"
      << "tasks " << graph.num_tasks() << '\n';
  for (const Phase& p : graph.phases()) {
    out << "phase " << p.name << ' ' << to_string(p.kind) << ' ' << impl::format_double(p.count) << ' '
        << p.edges.size() << (p.launcher_order ? " launcher" : "");
    if (p.posting != Posting::nonblocking) out << ' ' << to_string(p.posting);
    out << '\n';
    for (const Edge& e : p.edges) out << e.src << ' ' << e.dst << ' ' << impl::format_double(e.bytes) << '\n';
  }
}

void attach_phases(TaskGraph& graph, std::vector<Phase> phases, const std::string& source) {
  if (graph.num_tasks() != 0 || !phases.empty()) {
    // Validates names, endpoints and amounts; fails with a message naming the phase.
    TaskGraph from;
    try {
      from = TaskGraph::from_phases(graph.num_tasks(), std::move(phases));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(source + ": " + e.what());
    }
    for (const auto& [a, b, which] : {std::make_tuple(&graph, &from, "the graph has messages"),
                                      std::make_tuple(&from, &graph, "the phases have messages")}) {
      const std::string pair = missing_pair(*a, *b);
      if (!pair.empty())
        throw std::invalid_argument(source + ": " + which + " " + pair +
                                    " that the other lacks (a phases file of another graph?)");
    }
    if (graph.has_coordinates()) from.set_coordinates(graph.coordinate_dim(), graph.coordinates());
    if (graph.grid()) from.set_grid(*graph.grid());
    if (graph.has_task_weights()) from.set_task_weights(graph.task_weights());
    graph = std::move(from);
  }
}

}  // namespace tamp
